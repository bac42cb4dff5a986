// `npm start` runs this before building the web app, so a bad setting is said in a second, not after a build.
import { ConfigError, loadConfig } from './config.ts';

try {
  loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`Configuration error: ${err.message}`);
  process.exit(1);
}
