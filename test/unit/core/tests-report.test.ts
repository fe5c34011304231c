import * as assert from 'node:assert/strict';
import { formatSummary, formatTestsTable, parseTestsReport, TestsReportError } from '../../../src/core/containers/tests-report';

// The documented example of a final tests report, plus a skipped test.
const SAMPLE = JSON.stringify([
  { name: 'test_example', status: 'ok', time: 0.00477, classname: 'Tests.Unit.ExampleTest' },
  { name: 'test_api_index', status: 'error', time: 0.232287, classname: 'Tests.Feature.ExampleTest', error: 'Assertion response_code==200 failed. Line 34' },
  { name: 'test_api_hello_name', status: 'failure', time: 0.020445, classname: 'Tests.Feature.ExampleTest', failure: 'Assertion response_code==200 failed. Line 34' },
  { name: 'test_later', status: 'skipped', time: 0, classname: 'Tests.Unit.ExampleTest' },
]);

describe('core/tests-report', () => {
  it('summarises passed, failed, errors, skipped and total time', () => {
    const report = parseTestsReport(SAMPLE);
    assert.deepEqual(report.summary, { total: 4, passed: 1, failed: 1, errors: 1, skipped: 1, time: 0.257502 });
    assert.equal(report.tests[1].message, 'Assertion response_code==200 failed. Line 34');
    assert.equal(report.tests[0].message, undefined);
    assert.equal(formatSummary(report.summary), '4 tests: 1 passed, 1 failed, 1 errors, 1 skipped in 0.258s');
  });

  it('renders a fixed-width table with messages under their rows', () => {
    const table = formatTestsTable(parseTestsReport(SAMPLE));
    const expected = [
      'STATUS  TEST                 CLASS                        TIME',
      '------  -------------------  -------------------------  ------',
      'PASS    test_example         Tests.Unit.ExampleTest     0.005s',
      'ERROR   test_api_index       Tests.Feature.ExampleTest  0.232s',
      '        Assertion response_code==200 failed. Line 34',
      'FAIL    test_api_hello_name  Tests.Feature.ExampleTest  0.020s',
      '        Assertion response_code==200 failed. Line 34',
      'SKIP    test_later           Tests.Unit.ExampleTest     0.000s',
      '',
      '4 tests: 1 passed, 1 failed, 1 errors, 1 skipped in 0.258s',
    ].join('\n');
    assert.equal(table, expected);
  });

  it('accepts an empty report and tolerant field shapes', () => {
    assert.deepEqual(parseTestsReport('[]').summary, { total: 0, passed: 0, failed: 0, errors: 0, skipped: 0, time: 0 });
    const r = parseTestsReport('\uFEFF[{"name":"t","status":"PASSED","time":"0.5"}]');
    assert.deepEqual(r.tests[0], { name: 't', classname: '', status: 'ok', time: 0.5 });
  });

  it('rejects garbage with errors that say what is wrong', () => {
    const cases: Array<[string, RegExp]> = [
      ['<html>502</html>', /^Tests report: not valid JSON .*it starts with "<html>502<\/html>"/],
      ['{"tests": []}', /expected a JSON array of tests, got an object/],
      ['[42]', /entry 1 should be an object, got a number/],
      ['[{"status":"ok"}]', /entry 1 has no "name"/],
      ['[{"name":"a","status":"ok"},{"name":"b","status":"weird"}]', /entry 2 \("b"\) has status "weird"; expected ok, failure, error or skipped/],
      ['[{"name":"a","status":"ok","time":"soon"}]', /entry 1 \("a"\) has time "soon"/],
    ];
    for (const [text, pattern] of cases) {
      assert.throws(
        () => parseTestsReport(text),
        (err: unknown) => err instanceof TestsReportError && pattern.test(err.message),
        text,
      );
    }
  });
});
