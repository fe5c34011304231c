// An environment for running npm (or Node) in another folder from inside `npm run`.
// `npm run` exports its own project's settings as npm_* variables; a child npm would obey them and,
// for example, install into this repository (npm_config_local_prefix) instead of the cache folder.
// User-level settings (cache, registry, proxy, certificates) are kept.
const PROJECT_SCOPED = [
  /^npm_package_/i,
  /^npm_lifecycle_/i,
  /^npm_command$/i,
  /^npm_execpath$/i,
  /^npm_node_execpath$/i,
  /^npm_config_local_prefix$/i,
  /^npm_config_allow_scripts$/i,
  /^npm_config_nodedir$/i,
  /^npm_config_node_gyp$/i,
  /^npm_config_user_agent$/i,
  /^npm_config_call$/i,
  /^npm_config_npm_version$/i,
  /^NODE$/,
  /^INIT_CWD$/,
];

/** process.env without npm's project-scoped variables, plus `extra`. */
function cleanNpmEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || PROJECT_SCOPED.some((re) => re.test(key))) continue;
    env[key] = value;
  }
  return Object.assign(env, extra);
}

module.exports = { cleanNpmEnv };
