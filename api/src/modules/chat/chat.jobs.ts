import { defineJob } from '../../jobs/job.ts';
import { notifyUnreadMessages } from './chat.notifications.ts';

/** Mails the reminders about messages left unread (at most hourly per conversation). */
export const mailUnreadMessages = defineJob({
  name: 'messageNotifications',
  run: (deps, now) => notifyUnreadMessages(deps, now),
});
