// The LaTeX statement of a package as the import writes it: converted (latex-statement.ts), the
// images it shows copied beside it into statement-images/, and what did not come over reported —
// an image missing, outside the package or in a format Markdown cannot show in `notImported`
// (the statement would lose a figure), commands left as written in the notes. The package is
// hostile: an image name is resolved inside the statement's folder of the package only, and a
// link is followed only as package-files.ts allows.
import * as path from 'node:path';
import { safeCopyFile } from '../safe-write';
import { convertLatexStatement, describeLeft } from './latex-statement';
import { kindOf } from './package-files';
import type { Constants } from './constants';
import { isInside } from '../is-inside';

export const IMAGES_DIR = 'statement-images';
/** What LaTeX tries when a name has no extension, in its order, those a Markdown preview shows. */
const SHOWN = ['', '.png', '.jpg', '.jpeg', '.gif', '.svg', '.webp'];
const NOT_SHOWN = ['.pdf', '.eps', '.ps'];

/**
 * `constants` are problem.yaml's, as import.ts read them: 2025-09 `\constant{name}` (the value) and
 * `\constant{name.variant}` (a spelling of it, e.g. `FIVE.WORD`; `name.value` for any constant).
 */
export function importLatexStatement(pkg: string, rel: string, dir: string, tex: string, constants: Constants, notes: string[], notImported: string[]): string {
  const statementDir = path.dirname(path.join(pkg, rel));
  const relDir = path.posix.dirname(rel);
  let copied = 0;
  const image = (name: string): string | undefined => {
    const inside = path.normalize(name);
    // eslint-disable-next-line no-control-regex -- a name with control characters is refused (and shown escaped)
    if (!name || path.isAbsolute(name) || !isInside(path.resolve(statementDir, inside), statementDir) || /[\u0000-\u001f]/.test(name)) {
      notImported.push(
        `${relDir}/${JSON.stringify(name).slice(1, -1)}: an image the statement shows, outside the statement's folder: not imported (the statement says where it was).`,
      );
      return undefined;
    }
    const found = SHOWN.map((ext) => inside + ext).find(
      (candidate) => !NOT_SHOWN.includes(path.extname(candidate).toLowerCase()) && kindOf(path.join(statementDir, candidate), pkg) === 'file',
    );
    if (found) {
      const to = path.join(IMAGES_DIR, found);
      safeCopyFile(dir, path.join(statementDir, found), path.join(dir, to));
      copied++;
      return to.split(path.sep).join('/');
    }
    const other = NOT_SHOWN.map((ext) => (path.extname(inside) ? inside : inside + ext)).find((c) => kindOf(path.join(statementDir, c), pkg) === 'file');
    notImported.push(
      other
        ? `${relDir}/${other}: an image the statement shows, in a format a Markdown preview cannot show: not imported; convert it to PNG into ${IMAGES_DIR}/ and link it from statement.md.`
        : `${relDir}/${name}: an image the statement shows, not in the package (or a link leaving it): not imported; the statement says where it was.`,
    );
    return undefined;
  };
  const constant = (name: string) => {
    const v = constants.values.get(name);
    return v === undefined ? undefined : String(v);
  };
  const converted = convertLatexStatement(tex, { image, constant });
  if (copied) notes.push(`The ${copied} image(s) the statement shows are copied into ${IMAGES_DIR}/.`);
  if (converted.left.size)
    notes.push(
      `The LaTeX statement's ${describeLeft(converted.left)} have no Markdown equivalent and are left as written in statement.md: edit them there by hand (the original is in statement-source/).`,
    );
  return converted.markdown;
}
