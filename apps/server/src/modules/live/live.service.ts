/**
 * The live module's face to other modules: how a service reports a committed
 * change of integration settings or of mail to the company's sockets, and which jobs
 * people follow on screen (the polling fallback in company-jobs answers the
 * same ones, decision 028).
 */
export { moduleOfJob } from './live-messages.ts';
export { announceMail, announceSetting } from './settings-notices.ts';
