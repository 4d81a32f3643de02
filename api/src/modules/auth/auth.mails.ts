import type { Mail } from '../../lib/mailer.ts';

type Locale = 'sv' | 'en';

interface Texts {
  subject: string;
  body: (name: string, link: string) => string;
}

const TEMPLATES: Record<
  'verify' | 'reset' | 'changeEmail' | 'emailChanged' | 'alreadyRegistered',
  Record<Locale, Texts>
> = {
  verify: {
    sv: {
      subject: 'Bekräfta din e-postadress hos Kollab',
      body: (name, link) =>
        `Hej ${name}!\n\nVälkommen till Kollab. Bekräfta din e-postadress genom att öppna länken nedan (den gäller i 24 timmar):\n\n${link}\n\nHar du inte skapat något konto kan du bortse från det här mejlet.`,
    },
    en: {
      subject: 'Confirm your e-mail address for Kollab',
      body: (name, link) =>
        `Hi ${name},\n\nWelcome to Kollab. Confirm your e-mail address by opening the link below (valid for 24 hours):\n\n${link}\n\nIf you did not create an account, you can ignore this e-mail.`,
    },
  },
  reset: {
    sv: {
      subject: 'Återställ ditt lösenord hos Kollab',
      body: (name, link) =>
        `Hej ${name}!\n\nNågon bad om att återställa lösenordet för ditt Kollab-konto. Välj ett nytt lösenord via länken nedan (den gäller i en timme och kan bara användas en gång):\n\n${link}\n\nBad du inte om det här kan du bortse från mejlet; ditt lösenord är oförändrat.`,
    },
    en: {
      subject: 'Reset your Kollab password',
      body: (name, link) =>
        `Hi ${name},\n\nSomeone asked to reset the password of your Kollab account. Choose a new password with the link below (valid for one hour, usable once):\n\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password is unchanged.`,
    },
  },
  changeEmail: {
    sv: {
      subject: 'Bekräfta din nya e-postadress hos Kollab',
      body: (name, link) =>
        `Hej ${name}!\n\nBekräfta att du vill använda den här adressen för ditt Kollab-konto (länken gäller i 24 timmar):\n\n${link}`,
    },
    en: {
      subject: 'Confirm your new e-mail address for Kollab',
      body: (name, link) =>
        `Hi ${name},\n\nConfirm that you want to use this address for your Kollab account (the link is valid for 24 hours):\n\n${link}`,
    },
  },
  emailChanged: {
    sv: {
      subject: 'Din e-postadress hos Kollab har ändrats',
      body: (name, link) =>
        `Hej ${name}!\n\nE-postadressen för ditt Kollab-konto har ändrats till ${link}. Var det inte du? Kontakta support@kollab.se direkt.`,
    },
    en: {
      subject: 'Your Kollab e-mail address was changed',
      body: (name, link) =>
        `Hi ${name},\n\nThe e-mail address of your Kollab account was changed to ${link}. Not you? Contact support@kollab.se right away.`,
    },
  },
  alreadyRegistered: {
    sv: {
      subject: 'Du har redan ett konto hos Kollab',
      body: (name, link) =>
        `Hej ${name}!\n\nNågon försökte skapa ett nytt Kollab-konto med den här adressen, men du har redan ett. Logga in här, eller välj "Glömt lösenord?" om du inte minns det:\n\n${link}`,
    },
    en: {
      subject: 'You already have a Kollab account',
      body: (name, link) =>
        `Hi ${name},\n\nSomeone tried to create a new Kollab account with this address, but you already have one. Sign in here, or choose "Forgot password?" if you do not remember it:\n\n${link}`,
    },
  },
};

/** Builds one of the account e-mails in the recipient's language. */
export function accountMail(
  kind: keyof typeof TEMPLATES,
  locale: Locale,
  to: string,
  name: string,
  linkOrValue: string,
): Mail {
  const template = TEMPLATES[kind][locale];
  return { to, subject: template.subject, text: `${template.body(name, linkOrValue)}\n\n– Kollab\n` };
}
