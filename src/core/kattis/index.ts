// Kattis problem packages in and out of problem folders. No vscode.
export { importKattis, type KattisImportResult } from './import';
export { exportKattis, type KattisExportResult } from './export';
export { judgeForFlags, flagsForJudge } from './validator-flags';
export { parseYaml, YamlError } from './yaml';
export { deriveTimeLimit, timeLimitRule, type TimeLimitRule } from './time-limit';
export { KATTIS_SETTINGS_FILE, kattisCodeIfFree, needsMeasuring, readKattisSettings } from './folder-settings';
export { measureKattisLimits } from './measure';
