// Pulls one problem in its own process and prints its peak memory as JSON, so the bench's own
// allocations (and the emulator, another process) do not count.
// Usage: node out/bench/problem-pull-child.js <endpoint> <problem id> <folder>   (token: SPHERE_ENGINE_PROBLEMS_TOKEN)
import { ProblemsClient } from '../src/api';
import { pullProblem } from '../src/core/problem-folder';

async function main(): Promise<void> {
  const [endpoint, id, dir] = process.argv.slice(2);
  // The process before the pull: Node and the modules loaded. The pull's own cost is the growth.
  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  let peakExternal = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakExternal = Math.max(peakExternal, m.external);
  }, 5);
  const client = new ProblemsClient({ endpoint, token: process.env.SPHERE_ENGINE_PROBLEMS_TOKEN ?? '' });
  const started = process.hrtime.bigint();
  const pulled = await pullProblem(client, { endpoint, problemId: Number(id), dir });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  clearInterval(sampler);
  await client.close();
  process.stdout.write(JSON.stringify({ baseRss, peakRss, peakExternal, seconds, tests: pulled.tests }) + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
