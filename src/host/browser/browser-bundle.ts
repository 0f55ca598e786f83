// Entry of dist/browser.js: playwright-core's client and the page check, required on the first check_page call so
// neither activation nor the runtime bundle carries them (about 4 MB).
export { launchBrowser } from './page-session';
