// Programs in other languages kept as files beside the modules that use them (the emulator's
// supervisors, the Kattis validator adapters), imported as their text: esbuild inlines them
// (esbuild.js, text loader) and `npm run compile` writes them into out/ as modules
// (scripts/program-files.js).
declare module '*.c' {
  const text: string;
  export default text;
}
declare module '*.cpp' {
  const text: string;
  export default text;
}
declare module '*.py' {
  const text: string;
  export default text;
}
