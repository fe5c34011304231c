// The manifest's user-facing texts live in package.nls.json (so they can be translated), and the
// "Get Started" walkthrough is complete: every step has its media, its buttons name real commands,
// and it completes on an event the extension really produces.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../../repo-root';

const ROOT = REPO_ROOT;
const raw = fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8');
const manifest = JSON.parse(raw) as Record<string, any>;
const nls = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
const contributes = manifest.contributes;

const isPlaceholder = (value: unknown) => typeof value === 'string' && /^%[^%\s]+%$/.test(value);
const text = (value: string) => (isPlaceholder(value) ? nls[value.slice(1, -1)] : value);

/** Every [where, value] of a user-facing field in the manifest. */
function userFacingStrings(): [string, unknown][] {
  const out: [string, unknown][] = [
    ['displayName', manifest.displayName],
    ['description', manifest.description],
  ];
  for (const c of contributes.viewsContainers.activitybar) out.push([`viewsContainer ${c.id}`, c.title]);
  for (const v of Object.values(contributes.views).flat() as { id: string; name: string; contextualTitle?: string }[]) {
    out.push([`view ${v.id}`, v.name]);
    if (v.contextualTitle) out.push([`view ${v.id} contextualTitle`, v.contextualTitle]);
  }
  for (const w of contributes.viewsWelcome) out.push([`welcome ${w.view}`, w.contents]);
  for (const c of contributes.commands) out.push([`command ${c.command}`, c.title], [`command ${c.command} category`, c.category]);
  out.push(['configuration title', contributes.configuration.title]);
  for (const [key, s] of Object.entries(contributes.configuration.properties) as [string, Record<string, unknown>][]) {
    out.push([`setting ${key}`, s.markdownDescription ?? s.description]);
  }
  for (const w of contributes.walkthroughs) {
    out.push([`walkthrough ${w.id}`, w.title], [`walkthrough ${w.id} description`, w.description]);
    for (const s of w.steps) out.push([`step ${s.id}`, s.title], [`step ${s.id} description`, s.description]);
  }
  return out;
}

describe('manifest texts (package.nls.json)', () => {
  it('are all %placeholders% with a text in package.nls.json', () => {
    for (const [where, value] of userFacingStrings()) {
      assert.ok(isPlaceholder(value), `${where} is not localisable: ${String(value).slice(0, 60)}`);
      const key = String(value).slice(1, -1);
      assert.ok(typeof nls[key] === 'string' && nls[key].trim(), `${where}: package.nls.json has no "${key}"`);
    }
  });

  it('has no key that nothing uses', () => {
    const used = new Set([...raw.matchAll(/"%([^%\s"]+)%"/g)].map((m) => m[1]));
    assert.deepEqual(
      Object.keys(nls).filter((k) => !used.has(k)),
      [],
    );
  });
});

describe('Get Started walkthrough', () => {
  const walkthrough = contributes.walkthroughs?.[0];
  const commands = new Set((contributes.commands as { command: string }[]).map((c) => c.command));
  const steps = (walkthrough?.steps ?? []) as { id: string; description: string; media: { markdown?: string; image?: string }; completionEvents: string[] }[];

  it('walks from connecting to a submitted solution', () => {
    assert.deepEqual(
      steps.map((s) => s.id),
      ['connect', 'openView', 'workspace', 'submitFolder', 'runFile', 'submitSolution'],
    );
  });

  it('has media for every step', () => {
    for (const step of steps) {
      const file = step.media.markdown ?? step.media.image;
      assert.ok(file && fs.existsSync(path.join(ROOT, file)), `step ${step.id}: media ${file} missing`);
    }
  });

  it('links only commands that exist from its buttons', () => {
    const builtIn = /^workbench\.|\.focus$/;
    for (const step of steps) {
      const links = [...text(step.description).matchAll(/\(command:([\w.-]+)/g)].map((m) => m[1]);
      assert.ok(links.length > 0, `step ${step.id} has no button`);
      for (const id of links) assert.ok(commands.has(id) || builtIn.test(id), `step ${step.id} links unknown command ${id}`);
      // Buttons that go through sphereEngine.walkthrough.run name the real command as its argument.
      for (const [, encoded] of text(step.description).matchAll(/\(command:sphereEngine\.walkthrough\.run\?([^)\s]+)\)/g)) {
        const [target] = JSON.parse(decodeURIComponent(encoded)) as string[];
        assert.ok(commands.has(target), `step ${step.id} runs unknown command ${target}`);
      }
    }
  });

  it('completes each step on a context key the extension sets or a view it contributes', () => {
    const views = new Set((Object.values(contributes.views).flat() as { id: string }[]).map((v) => v.id));
    const sources = readSources(path.join(ROOT, 'src'));
    for (const step of steps) {
      assert.ok(step.completionEvents.length > 0, `step ${step.id} never completes`);
      for (const event of step.completionEvents) {
        const [kind, arg] = [event.slice(0, event.indexOf(':')), event.slice(event.indexOf(':') + 1)];
        if (kind === 'onView') assert.ok(views.has(arg), `${step.id}: unknown view ${arg}`);
        else if (kind === 'onContext') {
          const templated = arg.replace(/^sphereEngine\.(containers|compilers|problems)\.signedIn$/, 'sphereEngine.${module}.signedIn');
          assert.ok(sources.includes(`'${arg}'`) || sources.includes(`\`${templated}\``), `${step.id}: nothing sets ${arg}`);
        } else assert.fail(`${step.id}: unexpected completion event ${event}`);
      }
    }
  });
});

function readSources(dir: string): string {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
}
