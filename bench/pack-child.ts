// Packs one folder in its own process and prints its peak memory as JSON, so
// the parent's own allocations do not pollute the figure.
// Usage: node out/bench/pack-child.js <folder>
import { packFolder } from '../src/core/packer';

async function main(): Promise<void> {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 5);
  const started = process.hrtime.bigint();
  const packed = await packFolder(process.argv[2]);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  clearInterval(sampler);
  await packed.dispose();
  process.stdout.write(JSON.stringify({ peakRss, seconds, archiveBytes: packed.bytes }) + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
