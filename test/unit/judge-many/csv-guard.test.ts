// The CSV formula guard (issue 26, item 20): only a cell that is a number as a whole goes out as
// written; anything else a spreadsheet would take for a formula gets its leading apostrophe.
import { strict as assert } from 'node:assert';
import { csvCell } from '../../../src/core/judge-many';

describe('CSV formula guard', () => {
  it('guards a cell that only starts like a negative number', () => {
    assert.equal(csvCell("-2+3+cmd|' /C calc'!A0"), "'-2+3+cmd|' /C calc'!A0");
    assert.equal(csvCell('-1-HYPERLINK("x")'), '"\'-1-HYPERLINK(""x"")"');
    assert.equal(csvCell('+1+1'), "'+1+1");
  });
  it('leaves numbers, and text that cannot run, as written', () => {
    for (const n of ['-3', '-0.25', '+1e3', '12', '0.5', '-.5']) assert.equal(csvCell(n), n);
    assert.equal(csvCell('sol.py'), 'sol.py');
    assert.equal(csvCell('=cmd'), "'=cmd");
  });
  // Issue 36 item 4. Before: written as is, three cells (two formulas) where `;` separates.
  it('quotes a cell holding the separator of any locale (`,` `;` tab), so it opens as one cell of text', () => {
    assert.equal(csvCell("a.py;=1+1;-2+3+cmd|' /C calc'!A0"), '"a.py;=1+1;-2+3+cmd|\' /C calc\'!A0"');
    assert.equal(csvCell('a\tb'), '"a\tb"');
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('line\nbreak'), '"line\nbreak"');
    assert.equal(csvCell('\t=1'), '"\'\t=1"');
  });
});
