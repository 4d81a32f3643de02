/** UI strings of the marketing site. Both dictionaries have the same keys (checked by the type). */
export const languages = { sv: 'Svenska', en: 'English' } as const;
export type Locale = keyof typeof languages;
export const defaultLocale: Locale = 'sv';

const sv = {
  'site.name': 'Kollab',
  'site.tagline': 'Betalda samarbeten mellan varumärken och nano- och mikroinfluencers',
  'nav.skip': 'Hoppa till innehållet',
  'nav.main': 'Huvudmeny',
  'nav.home': 'Start',
  'nav.blog': 'Blogg',
  'nav.login': 'Logga in',
  'nav.register': 'Skapa konto',
  'lang.label': 'Språk',
  'lang.switchTo': 'Byt till svenska',
  'footer.legal': 'Juridiskt',
  'footer.privacy': 'Integritetspolicy',
  'footer.terms': 'Användarvillkor',
  'footer.deletion': 'Radera dina uppgifter',
  'footer.rights': 'Alla rättigheter förbehållna.',
  'home.title': 'Kollab – samarbeten för kreatörer och varumärken',
  'home.description':
    'Kollab kopplar ihop nano- och mikroinfluencers och UGC-kreatörer med varumärken i betalda kampanjer – med publikdata som grund.',
  'home.heading': 'Betalda samarbeten för kreatörer som gör skillnad',
  'home.lead':
    'Varumärken skapar kampanjer, matchade kreatörer svarar inom 3–5 arbetsdagar och allt – från brief till utbetalning – sker på ett ställe.',
  'notFound.title': 'Sidan hittades inte',
  'notFound.body': 'Sidan du letar efter finns inte, eller så har den flyttat.',
  'notFound.back': 'Till startsidan',
} as const;

const en: Record<keyof typeof sv, string> = {
  'site.name': 'Kollab',
  'site.tagline': 'Paid collaborations between brands and nano and micro influencers',
  'nav.skip': 'Skip to content',
  'nav.main': 'Main menu',
  'nav.home': 'Home',
  'nav.blog': 'Blog',
  'nav.login': 'Log in',
  'nav.register': 'Create account',
  'lang.label': 'Language',
  'lang.switchTo': 'Switch to English',
  'footer.legal': 'Legal',
  'footer.privacy': 'Privacy policy',
  'footer.terms': 'Terms and conditions',
  'footer.deletion': 'Delete your data',
  'footer.rights': 'All rights reserved.',
  'home.title': 'Kollab – collaborations for creators and brands',
  'home.description':
    'Kollab connects nano and micro influencers and UGC creators with brands on paid campaigns, backed by audience data.',
  'home.heading': 'Paid collaborations for creators who make a difference',
  'home.lead':
    'Brands create campaigns, matched creators answer within 3–5 working days, and everything from brief to payout happens in one place.',
  'notFound.title': 'Page not found',
  'notFound.body': 'The page you are looking for does not exist, or it has moved.',
  'notFound.back': 'Back to the home page',
};

export const ui = { sv, en } as const;
export type UiKey = keyof typeof sv;
