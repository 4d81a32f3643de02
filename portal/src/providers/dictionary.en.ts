import base from '../locales/en.json';
import home from '../locales/home.en.json';
import nav from '../locales/nav.en.json';
import notifications from '../locales/notifications.en.json';

/**
 * The English texts every page needs (sign-in, the signed-in frame and its navigation, the home,
 * errors; the notification bell's texts, since the bell is on every page): the first chunk of texts, loaded before the app renders (i18n-provider.ts).
 */
const baseTexts = { ...base, ...nav, ...home, ...notifications };
export default baseTexts;
