// The local emulator as a child process (start, reuse, stop) and the token challenge that proves
// an emulator is ours. The only door into src/core/local-emulator (test/unit/layering.test.ts).
export { proveToken } from './challenge';
export { type EmulatorExit, LocalEmulator, type RunningEmulator } from './process';
