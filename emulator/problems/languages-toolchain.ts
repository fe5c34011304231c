// The problems module's Toolchain over the shared language table (emulator/languages), so both
// modules list, validate, compile and run exactly the same languages.
import type { EmulatorContext } from '../context';
import { availableCompilers, compileCacheFor, findCompiler, prepareProgram, sourceFileName, supportsMultiFile } from '../languages';
import { initRunner } from '../runner';
import type { CompilerCheck, Prepared, Toolchain } from './toolchain';
import type { CompilerInfo } from './views';

export function createToolchain(ctx: EmulatorContext): Toolchain {
  const runner = initRunner(ctx);
  const cache = compileCacheFor(ctx);
  return {
    listCompilers: () => availableCompilers(),
    check(compilerId, versionId): CompilerCheck {
      const found = findCompiler(compilerId, versionId);
      return found.ok ? 'ok' : found.reason;
    },
    describe(compilerId, versionId): CompilerInfo {
      const found = findCompiler(compilerId, versionId);
      if (found.ok) return { id: compilerId, name: found.compiler.name, version: { ...found.version } };
      // A stored submission whose toolchain went away (e.g. data moved to another machine).
      return { id: compilerId, name: `compiler ${compilerId}`, version: { id: versionId ?? 1, name: 'not installed' } };
    },
    supportsMultiFile: (compilerId) => supportsMultiFile(compilerId),
    entryFileName: (compilerId, source) => sourceFileName(compilerId, source),
    async prepare({ compilerId, versionId, files, dir }): Promise<Prepared> {
      const program = await prepareProgram({ runner, compilerId, versionId, files, dir, cache });
      return program.ok ? { ok: true, run: program.run, dir } : { ok: false, cmpinfo: program.cmpinfo };
    },
  };
}
