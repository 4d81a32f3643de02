import { describe, expect, it } from 'vitest';
import { type AdLabelProblem, checkAdLabel, describeAdLabelProblem } from './ad-label.ts';

const brand = { advertiser: ['Glow Beauty', 'glowbeauty'] };
const filler = 'Morgonrutinen jag lovat er! Först rengöring, sedan serum och sist solskydd. '.repeat(5);

describe('checkAdLabel: captions as creators write them (Swedish and English)', () => {
  it.each<[string, string, AdLabelProblem[]]>([
    // Passes: a clear label first, the advertiser named
    ['Reklam för', 'Reklam för @glowbeauty ✨ Min nya favoritkräm!', []],
    ['upper case', 'REKLAM FÖR GLOW BEAUTY\nBästa serumet i år.', []],
    ['Annons', 'Annons | @glowbeauty\nTestar deras nya serum.', []],
    ['emoji first', '✨🌸 Reklam för @glowbeauty 🌸✨ Min rutin.', []],
    ['in brackets', '[Reklam] Glow Beauty skickade sitt serum – så här funkar det.', []],
    ['line break after label', 'Reklam\nför @glowbeauty\n\nMorgonrutin ☀️', []],
    ['betalt samarbete', 'Betalt samarbete med @glowbeauty: veckans hudvårdstips.', []],
    ['reklamsamarbete', 'Reklamsamarbete med Glow Beauty 💛', []],
    ['#reklam first', '#reklam för @glowbeauty – serumet jag inte klarar mig utan', []],
    ['English ad', 'Ad | @glowbeauty My new favourite serum', []],
    ['English paid partnership', 'Paid partnership with @glowbeauty. Morning routine!', []],
    ['English #ad first', '#ad @glowbeauty serum review', []],
    ['styled letters', '𝐑𝐞𝐤𝐥𝐚𝐦 för @glowbeauty – glow hela dagen', []],
    ['full-width letters', 'Ｒｅｋｌａｍ för Glow Beauty', []],
    ['zero-width inside', 'Rek\u200Blam för @glowbeauty', []],
    ['label repeated later', 'Reklam för @glowbeauty. Glöm inte koden! #reklam #glow', []],
    ['sponsrat', 'Sponsrat av Glow Beauty 🌿 Testar nya krämen.', []],
    // Fails: no label, or only a hint at a deal
    ['no label', 'Min nya favoritkräm från @glowbeauty 😍', [{ code: 'no_label' }]],
    ['i samarbete med', 'I samarbete med @glowbeauty 💕 Testar nya serumet.', [{ code: 'collaboration_only' }]],
    ['#samarbete', 'Nya serumet! @glowbeauty #samarbete #hudvård', [{ code: 'collaboration_only' }]],
    ['English collab', 'In collaboration with @glowbeauty – loving it', [{ code: 'collaboration_only' }]],
    ['ambassadör', 'Stolt ambassadör för @glowbeauty 🙌', [{ code: 'collaboration_only' }]],
    ['PR-utskick', 'Tack @glowbeauty för PR-utskicket!', [{ code: 'collaboration_only' }]],
    ['word containing reklam', 'Reklamation? Nej då, @glowbeauty levererar alltid.', [{ code: 'no_label' }]],
    ['reklamfri', 'En reklamfri morgon med kaffe och @glowbeauty-serum', [{ code: 'no_label' }]],
    ['annonsera', 'Vill du annonsera? Skriv till mig. Tack @glowbeauty!', [{ code: 'no_label' }]],
    // Fails: the label denied
    ['inte reklam', 'Inte reklam, bara kärlek till @glowbeauty ❤️', [{ code: 'label_negated' }]],
    ['not an ad', 'Not an ad! Just love @glowbeauty', [{ code: 'label_negated' }]],
    ['ej sponsrat', 'Ej sponsrat – jag köpte själv Glow Beauty-serumet', [{ code: 'label_negated' }]],
    // Fails: the label is there but not first
    ['label after a greeting', 'Hej allihop! Reklam för @glowbeauty idag.', [{ code: 'label_not_at_start' }]],
    ['label after 300 characters', `${filler}Reklam för @glowbeauty`, [{ code: 'label_not_at_start' }]],
    ['mention before label', '@glowbeauty Reklam', [{ code: 'label_not_at_start' }]],
    [
      '#reklam buried at the end',
      'Glow hela dagen med @glowbeauty ✨\n.\n.\n#hudvård #serum #reklam #glow',
      [{ code: 'label_only_in_hashtags' }],
    ],
    ['#ad at the end', 'My morning routine with @glowbeauty #skincare #ad', [{ code: 'label_only_in_hashtags' }]],
    // Fails: whom it advertises is not said
    ['advertiser missing', 'Reklam! Älskar den här krämen 😍', [{ code: 'advertiser_not_named' }]],
    ['empty caption', '', [{ code: 'no_label' }, { code: 'advertiser_not_named' }]],
  ])('%s', (_name, caption, problems) => {
    const verdict = checkAdLabel(caption, brand);
    expect(verdict.problems).toEqual(problems);
    expect(verdict.ok).toBe(problems.length === 0);
  });
});

describe('checkAdLabel: the campaign’s hashtags and mentions', () => {
  const campaign = { advertiser: ['Glow Beauty'], hashtags: ['#GlowUp', 'kollab'], mentions: ['@glowbeauty'] };

  it('passes with every required tag, in any case', () => {
    expect(checkAdLabel('Reklam för @GlowBeauty #glowup #Kollab', campaign)).toEqual({
      ok: true,
      problems: [],
      label: { text: 'Reklam', index: 0 },
    });
  });

  it('names each missing hashtag and mention; a longer tag is not the required one', () => {
    expect(checkAdLabel('Reklam för Glow Beauty #glowupsale', campaign)).toEqual({
      ok: false,
      problems: [
        { code: 'missing_hashtag', value: '#glowup' },
        { code: 'missing_hashtag', value: '#kollab' },
        { code: 'missing_mention', value: '@glowbeauty' },
      ],
      label: { text: 'Reklam', index: 0 },
    });
  });

  it('reports the label and the tags together, the label first', () => {
    const verdict = checkAdLabel('Glow Beauty 💛 #reklam', campaign);
    expect(verdict.problems.map((problem) => problem.code)).toEqual([
      'label_only_in_hashtags',
      'missing_hashtag',
      'missing_hashtag',
      'missing_mention',
    ]);
    expect(verdict.label).toEqual({ text: '#reklam', index: 15 });
  });

  it('does not ask for an advertiser when none is given', () => {
    expect(checkAdLabel('Reklam').ok).toBe(true);
  });
});

describe('describeAdLabelProblem', () => {
  it('says what is wrong and how to fix it in both languages, with the missing tag', () => {
    expect(describeAdLabelProblem({ code: 'missing_hashtag', value: '#glowup' }, 'sv')).toEqual({
      reason: 'Kampanjens hashtag #glowup saknas.',
      fix: 'Lägg till #glowup i texten.',
    });
    expect(describeAdLabelProblem({ code: 'label_not_at_start' }, 'en')).toEqual({
      reason: 'The advertising label is not at the start of the caption, so it is not seen at once.',
      fix: 'Move "Reklam" to the very start of the caption.',
    });
  });
});
