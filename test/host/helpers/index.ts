// One import for host tests: `import { waitFor, emulatorRequests, activateExtension } from './helpers';`
export * from './emulator';
export * from './extension';
export * from './stand-in';
export * from './wait';
export * from './memory';
export * from './problems-view';
export * from './kattis-flow';
