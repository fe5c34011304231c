// Each feature declares its test hooks by augmenting TestHooks in its own module (src/test-api.ts).
// Under `tsc -b` the tests see src/ through its declaration files, and TypeScript reads only those
// that something imports: these type-only imports load every module that augments TestHooks, so
// the whole test project sees every hook. test/unit/test-api.test.ts fails when one is missing here.
import type {} from '../src/extension';
import type {} from '../src/features/compilers/index';
import type {} from '../src/features/connection/index';
import type {} from '../src/features/containers/fs/index';
import type {} from '../src/features/containers/index';
import type {} from '../src/features/containers/submit/index';
import type {} from '../src/features/emulator/index';
import type {} from '../src/features/judge-many/index';
import type {} from '../src/features/problems/index';
import type {} from '../src/features/similarity/index';
import type {} from '../src/features/stress/index';
import type {} from '../src/features/walkthrough/index';
