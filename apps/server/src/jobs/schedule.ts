import { CronExpressionParser } from 'cron-parser';

/** The first time after `after` that the cron expression (evaluated in UTC) names. Throws on a bad expression. */
export function nextCronTime(cron: string, after: Date = new Date()): Date {
  return CronExpressionParser.parse(cron, { currentDate: after, tz: 'UTC' }).next().toDate();
}
