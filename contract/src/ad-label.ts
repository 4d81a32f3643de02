/**
 * The ad-label check of a post's caption (ADR 030): Swedish marketing law (marknadsföringslagen
 * 9 §) wants advertising to be recognisable at once, and Konsumentverket's guidance for influencers
 * reads that as a clear "Reklam" / "Annons" label that opens the caption and names the advertiser;
 * "samarbete" alone, or "#reklam" among the hashtags at the end, is not enough. The check also
 * holds the caption to the campaign's required hashtags and mentions.
 *
 * It runs in the portal (a creator's live hint) and in the API (the verdict on a tracked post), so
 * it is plain TypeScript: no I/O, linear in the caption's length.
 */

export type AdLabelProblemCode =
  | 'no_label'
  | 'collaboration_only'
  | 'label_negated'
  | 'label_not_at_start'
  | 'label_only_in_hashtags'
  | 'advertiser_not_named'
  | 'missing_hashtag'
  | 'missing_mention';

export interface AdLabelProblem {
  code: AdLabelProblemCode;
  /** The hashtag or mention that is missing (with its # or @). */
  value?: string;
}

export interface AdLabelVerdict {
  ok: boolean;
  problems: AdLabelProblem[];
  /** The label that counts, as written in the caption (normalised), and where it starts. */
  label: { text: string; index: number } | null;
}

export interface AdLabelRequirements {
  /** The advertiser's names and handles; one must appear. Empty: not checked. */
  advertiser?: string[];
  /** The campaign's required hashtags, with or without '#'. */
  hashtags?: string[];
  /** The campaign's required mentions, with or without '@'. */
  mentions?: string[];
}

/**
 * Labels that say "advertising" in words a Swedish or English reader understands at a glance, as
 * word sequences (a hashtag counts when it is one of them written together: #reklam, #betaltsamarbete).
 */
const LABELS: readonly (readonly string[])[] = [
  ['reklam'],
  ['annons'],
  ['reklaminlägg'],
  ['annonsinlägg'],
  ['reklamsamarbete'],
  ['annonssamarbete'],
  ['betalt', 'samarbete'],
  ['betald', 'reklam'],
  ['betalt', 'partnerskap'],
  ['sponsrat'],
  ['sponsrad'],
  ['ad'],
  ['advert'],
  ['advertisement'],
  ['sponsored'],
  ['paid', 'partnership'],
];

/** Words that hint at a deal without saying it is advertising (Patent- och marknadsöverdomstolen: not enough). */
const COLLABORATION_WORDS = new Set([
  'samarbete',
  'samarbeten',
  'collab',
  'collaboration',
  'partner',
  'partnership',
  'ambassadör',
  'ambassador',
  'gifted',
  'pr',
  'sponsor',
]);

/** A word right before a label that turns it into its opposite ("inte reklam", "not an ad"). */
const NEGATIONS = new Set(['inte', 'ej', 'ingen', 'icke', 'utan', 'not', 'no', 'non']);
const ARTICLES = new Set(['en', 'ett', 'a', 'an']);

interface Token {
  /** Lower-case text without the leading # or @. */
  word: string;
  kind: 'word' | 'hashtag' | 'mention';
  index: number;
  end: number;
}

/** NFKC folds styled letters (𝐑𝐞𝐤𝐥𝐚𝐦, Ｒｅｋｌａｍ) to plain ones; zero-width characters are dropped. */
function normalise(caption: string): string {
  return caption.normalize('NFKC').replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '');
}

function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/([#@]?)([\p{L}\p{N}_]+(?:[-'’.][\p{L}\p{N}_]+)*)/gu)) {
    const sign = match[1];
    tokens.push({
      word: (match[2] ?? '').toLocaleLowerCase('sv'),
      kind: sign === '#' ? 'hashtag' : sign === '@' ? 'mention' : 'word',
      index: match.index,
      end: match.index + match[0].length,
    });
  }
  return tokens;
}

interface LabelHit {
  index: number;
  end: number;
  hashtag: boolean;
  negated: boolean;
}

function labelAt(tokens: Token[], at: number): LabelHit | null {
  const first = tokens[at];
  if (!first || first.kind === 'mention') return null;
  for (const label of LABELS) {
    let end = -1;
    if (first.kind === 'hashtag') {
      if (first.word === label.join('')) end = first.end;
    } else if (
      label.every((word, offset) => tokens[at + offset]?.kind === 'word' && tokens[at + offset]?.word === word)
    ) {
      end = tokens[at + label.length - 1]?.end ?? -1;
    }
    if (end < 0) continue;
    const before = tokens[at - 1];
    const twoBefore = tokens[at - 2];
    const negated =
      (before?.kind === 'word' && NEGATIONS.has(before.word)) ||
      (before?.kind === 'word' &&
        ARTICLES.has(before.word) &&
        twoBefore?.kind === 'word' &&
        NEGATIONS.has(twoBefore.word));
    return { index: first.index, end, hashtag: first.kind === 'hashtag', negated };
  }
  return null;
}

const bare = (value: string) => value.trim().replace(/^[#@]/, '').toLocaleLowerCase('sv');
const lettersOnly = (value: string) => value.toLocaleLowerCase('sv').replace(/[^\p{L}\p{N}]/gu, '');

/** Checks a caption; `ok` when it has no problem. The problems come in the order a creator should fix them. */
export function checkAdLabel(caption: string, requirements: AdLabelRequirements = {}): AdLabelVerdict {
  const text = normalise(caption);
  const tokens = tokenise(text);
  const hits = tokens.map((_, at) => labelAt(tokens, at)).filter((hit): hit is LabelHit => hit !== null);
  const valid = hits.filter((hit) => !hit.negated);
  const problems: AdLabelProblem[] = [];
  const first = valid[0];
  if (!first) {
    const collaboration = tokens.some((token) => token.word.split('-').some((part) => COLLABORATION_WORDS.has(part)));
    problems.push({
      code: hits.length > 0 ? 'label_negated' : collaboration ? 'collaboration_only' : 'no_label',
    });
  } else if (/[\p{L}\p{N}]/u.test(text.slice(0, first.index))) {
    problems.push({ code: valid.every((hit) => hit.hashtag) ? 'label_only_in_hashtags' : 'label_not_at_start' });
  }

  const advertiser = (requirements.advertiser ?? []).map(lettersOnly).filter(Boolean);
  if (advertiser.length > 0) {
    const flat = lettersOnly(text);
    if (!advertiser.some((name) => flat.includes(name))) problems.push({ code: 'advertiser_not_named' });
  }
  const present = (kind: Token['kind'], value: string) =>
    tokens.some((token) => token.kind === kind && token.word === value);
  for (const tag of (requirements.hashtags ?? []).map(bare).filter(Boolean)) {
    if (!present('hashtag', tag)) problems.push({ code: 'missing_hashtag', value: `#${tag}` });
  }
  for (const handle of (requirements.mentions ?? []).map(bare).filter(Boolean)) {
    if (!present('mention', handle)) problems.push({ code: 'missing_mention', value: `@${handle}` });
  }
  return {
    ok: problems.length === 0,
    problems,
    label: first ? { text: text.slice(first.index, first.end), index: first.index } : null,
  };
}

type Texts = { reason: string; fix: string };

/** What each problem means and how to fix it, in Swedish and English; `{value}` is the hashtag or mention. */
export const AD_LABEL_MESSAGES: Record<AdLabelProblemCode, { sv: Texts; en: Texts }> = {
  no_label: {
    sv: { reason: 'Inlägget är inte märkt som reklam.', fix: 'Börja texten med "Reklam för" och varumärkets namn.' },
    en: {
      reason: 'The post is not labelled as advertising.',
      fix: 'Start the caption with "Reklam för" (advertising for) and the brand’s name.',
    },
  },
  collaboration_only: {
    sv: {
      reason: '"Samarbete" eller "partner" räcker inte: det säger inte att inlägget är reklam.',
      fix: 'Skriv "Reklam för" och varumärkets namn först i texten, till exempel "Reklam för @varumärket".',
    },
    en: {
      reason: '"Collaboration" or "partner" is not enough: it does not say the post is advertising.',
      fix: 'Put "Reklam för" and the brand’s name first in the caption, e.g. "Reklam för @brand".',
    },
  },
  label_negated: {
    sv: {
      reason: 'Texten säger att inlägget inte är reklam, men det är det.',
      fix: 'Ta bort förnekandet och börja texten med "Reklam för".',
    },
    en: {
      reason: 'The caption says the post is not advertising, but it is.',
      fix: 'Remove the denial and start the caption with "Reklam för".',
    },
  },
  label_not_at_start: {
    sv: {
      reason: 'Reklammärkningen står inte först i texten, så den syns inte direkt.',
      fix: 'Flytta "Reklam" till början av texten, före allt annat.',
    },
    en: {
      reason: 'The advertising label is not at the start of the caption, so it is not seen at once.',
      fix: 'Move "Reklam" to the very start of the caption.',
    },
  },
  label_only_in_hashtags: {
    sv: {
      reason: 'Reklammärkningen finns bara bland hashtaggarna, där den är lätt att missa.',
      fix: 'Börja texten med "Reklam för" och varumärkets namn; hashtaggen får stå kvar.',
    },
    en: {
      reason: 'The advertising label is only among the hashtags, where it is easy to miss.',
      fix: 'Start the caption with "Reklam för" and the brand’s name; the hashtag can stay.',
    },
  },
  advertiser_not_named: {
    sv: {
      reason: 'Det framgår inte vem reklamen är för.',
      fix: 'Nämn varumärket, till exempel "Reklam för @varumärket".',
    },
    en: {
      reason: 'The caption does not say whom the advertising is for.',
      fix: 'Name the brand, e.g. "Reklam för @brand".',
    },
  },
  missing_hashtag: {
    sv: { reason: 'Kampanjens hashtag {value} saknas.', fix: 'Lägg till {value} i texten.' },
    en: { reason: 'The campaign’s hashtag {value} is missing.', fix: 'Add {value} to the caption.' },
  },
  missing_mention: {
    sv: { reason: 'Kampanjens omnämnande {value} saknas.', fix: 'Lägg till {value} i texten.' },
    en: { reason: 'The campaign’s mention {value} is missing.', fix: 'Add {value} to the caption.' },
  },
};

/** The reason and the fix for a problem in the reader's language. */
export function describeAdLabelProblem(problem: AdLabelProblem, language: 'sv' | 'en'): Texts {
  const texts = AD_LABEL_MESSAGES[problem.code][language];
  const fill = (value: string) => value.replaceAll('{value}', problem.value ?? '');
  return { reason: fill(texts.reason), fix: fill(texts.fix) };
}
