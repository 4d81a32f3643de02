import Close from '@mui/icons-material/Close';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useT } from '../../hooks/use-t';
import { DictionaryAutocomplete } from './dictionary-autocomplete';
import {
  ACCOUNT_TYPES,
  AUDIENCE_AGE_BANDS,
  AUDIENCE_GENDERS,
  type AudienceGender,
  CONTACT_TYPES,
  type ContactType,
  FILTER_ACTIONS,
  type FilterAction,
  FOLLOWER_STEPS,
  GROWTH_INTERVALS,
  GROWTH_METRICS,
  GROWTH_OPERATORS,
  type GrowthInterval,
  type GrowthMetric,
  type GrowthOperator,
  INFLUENCER_AGES,
  INFLUENCER_GENDERS,
  type InfluencerGender,
  LAST_POSTED_DAYS,
  SORT_DIRECTIONS,
  SORT_FIELDS,
  type SortDirection,
  type SortField,
} from './enums';
import { DEFAULT_WEIGHTS, hasTextTags, isInstagramOnly, type SearchState, sortIsUsable } from './search-state';
import { useDiscoveryFormat } from './use-discovery';
import { PercentField, WeightedList } from './weighted-list';

type Change = (patch: Partial<SearchState>) => void;

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** A collapsible group of filters; its summary is a button named by the heading. */
function Group({
  title,
  count,
  defaultExpanded = false,
  children,
}: {
  title: string;
  count: number;
  defaultExpanded?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const id = useId();
  return (
    <Accordion defaultExpanded={defaultExpanded} disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
          {count > 0 ? (
            <Typography component="span" color="primary" sx={{ ml: 1, fontWeight: 600 }}>
              {t('discovery.filters.active', { count })}
            </Typography>
          ) : null}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'grid', gap: 2 }}>{children}</AccordionDetails>
    </Accordion>
  );
}

/** A select whose empty choice means "no filter". */
function OptionalSelect<V extends string | number>({
  label,
  value,
  options,
  onChange,
  anyLabel,
}: {
  label: string;
  value: V | undefined;
  options: { value: V; label: string }[];
  onChange: (value: V | undefined) => void;
  anyLabel?: string;
}) {
  const t = useT();
  return (
    <TextField
      select
      label={label}
      value={value === undefined ? '' : String(value)}
      onChange={(event) => {
        const match = options.find((option) => String(option.value) === event.target.value);
        onChange(match?.value);
      }}
    >
      <MenuItem value="">{anyLabel ?? t('discovery.filters.any')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={String(option.value)} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function influencerCount(state: SearchState): number {
  return [
    state.followersMin !== undefined || state.followersMax !== undefined,
    state.engagementRate !== undefined,
    !!state.gender,
    state.ageMin !== undefined || state.ageMax !== undefined,
    state.locations.length > 0,
    !!state.language,
    state.interests.length > 0,
    state.brands.length > 0,
    state.accountTypes.length > 0,
    state.verified,
    state.lastPosted !== undefined,
    !!state.growth,
  ].filter(Boolean).length;
}

function contentCount(state: SearchState): number {
  return [!!state.keywords.trim(), !!state.bio.trim(), state.tags.length > 0, state.contacts.length > 0].filter(Boolean)
    .length;
}

function audienceCount(state: SearchState): number {
  return [
    state.audienceLocations.length > 0,
    !!state.audienceLanguage,
    !!state.audienceGender,
    state.audienceAges.length > 0,
    state.audienceInterests.length > 0,
    state.credibility !== undefined,
  ].filter(Boolean).length;
}

function InfluencerFilters({ state, change }: { state: SearchState; change: Change }) {
  const t = useT();
  const format = useDiscoveryFormat();
  const followerOptions = FOLLOWER_STEPS.map((value) => ({ value, label: format.number(value) }));
  const ageOptions = INFLUENCER_AGES.map((value) => ({ value, label: String(value) }));
  const isInstagram = isInstagramOnly(state.platform);
  return (
    <>
      <Box sx={grid}>
        <OptionalSelect
          label={t('discovery.filters.followersMin')}
          value={state.followersMin}
          options={followerOptions}
          onChange={(followersMin) => change({ followersMin })}
        />
        <OptionalSelect
          label={t('discovery.filters.followersMax')}
          value={state.followersMax}
          options={followerOptions.filter((option) => option.value > (state.followersMin ?? 0))}
          onChange={(followersMax) => change({ followersMax })}
        />
        <PercentField
          label={t('discovery.filters.engagementRate')}
          value={state.engagementRate}
          onChange={(engagementRate) => change({ engagementRate })}
        />
        <OptionalSelect<InfluencerGender>
          label={t('discovery.filters.gender')}
          value={state.gender}
          options={INFLUENCER_GENDERS.map((value) => ({ value, label: t(`discovery.gender.${value}`) }))}
          onChange={(gender) => change({ gender })}
        />
        <OptionalSelect
          label={t('discovery.filters.ageMin')}
          value={state.ageMin}
          options={ageOptions}
          onChange={(ageMin) => change({ ageMin })}
        />
        <OptionalSelect
          label={t('discovery.filters.ageMax')}
          value={state.ageMax}
          options={ageOptions.filter((option) => option.value > (state.ageMin ?? 0))}
          onChange={(ageMax) => change({ ageMax })}
        />
      </Box>
      <DictionaryAutocomplete
        platform={state.platform}
        kind="locations"
        label={t('discovery.filters.location')}
        value={state.locations}
        onChange={(locations) => change({ locations })}
      />
      <DictionaryAutocomplete
        platform={state.platform}
        kind="languages"
        single
        label={t('discovery.filters.language')}
        value={state.language ? [state.language] : []}
        onChange={([language]) => change({ language })}
      />
      {isInstagram ? (
        <>
          <DictionaryAutocomplete
            platform={state.platform}
            kind="interests"
            label={t('discovery.filters.interests')}
            value={state.interests}
            onChange={(interests) => change({ interests })}
          />
          <DictionaryAutocomplete
            platform={state.platform}
            kind="brands"
            label={t('discovery.filters.brands')}
            value={state.brands}
            onChange={(brands) => change({ brands })}
          />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">{t('discovery.filters.accountTypes')}</FormLabel>
            <FormGroup row>
              {ACCOUNT_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  label={t(`discovery.accountType.${type}`)}
                  control={
                    <Checkbox
                      checked={state.accountTypes.includes(type)}
                      onChange={(event) =>
                        change({
                          accountTypes: event.target.checked
                            ? [...state.accountTypes, type].sort()
                            : state.accountTypes.filter((item) => item !== type),
                        })
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
        </>
      ) : null}
      <Box sx={grid}>
        <OptionalSelect
          label={t('discovery.filters.lastPosted')}
          value={state.lastPosted}
          options={LAST_POSTED_DAYS.map((days) => ({
            value: days,
            label: t('discovery.filters.withinDays', { days }),
          }))}
          onChange={(lastPosted) => change({ lastPosted })}
        />
        <FormControlLabel
          label={t('discovery.filters.verified')}
          control={
            <Checkbox checked={state.verified} onChange={(event) => change({ verified: event.target.checked })} />
          }
        />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend" sx={{ mb: 1.5 }}>
          {t('discovery.filters.growth')}
        </FormLabel>
        <FormHelperText sx={{ mt: -1, mb: 1.5 }}>{t('discovery.filters.growthHelp')}</FormHelperText>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {GROWTH_METRICS[state.platform].length > 1 ? (
            <TextField
              select
              label={t('discovery.filters.growthMetric')}
              value={state.growth?.metric ?? 'followers'}
              disabled={!state.growth}
              onChange={(event) =>
                state.growth && change({ growth: { ...state.growth, metric: event.target.value as GrowthMetric } })
              }
            >
              {GROWTH_METRICS[state.platform].map((metric) => (
                <MenuItem key={metric} value={metric}>
                  {t(`discovery.growthMetric.${metric}`)}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <OptionalSelect<GrowthInterval>
            label={t('discovery.filters.growthInterval')}
            value={state.growth?.interval}
            options={GROWTH_INTERVALS.map((value, index) => ({
              value,
              label: t('discovery.filters.months', { count: index + 1 }),
            }))}
            onChange={(interval) =>
              change({
                growth: interval
                  ? { metric: 'followers', operator: 'gte', value: 1, ...state.growth, interval }
                  : undefined,
              })
            }
          />
          <TextField
            select
            label={t('discovery.filters.growthOperator')}
            value={state.growth?.operator ?? 'gte'}
            disabled={!state.growth}
            onChange={(event) =>
              state.growth && change({ growth: { ...state.growth, operator: event.target.value as GrowthOperator } })
            }
          >
            {GROWTH_OPERATORS.map((operator) => (
              <MenuItem key={operator} value={operator}>
                {t(`discovery.operator.${operator}`)}
              </MenuItem>
            ))}
          </TextField>
          {state.growth ? (
            <PercentField
              label={t('discovery.filters.growthValue')}
              value={state.growth.value}
              allowNegative
              max={1000}
              onChange={(value) =>
                state.growth && value !== undefined && change({ growth: { ...state.growth, value } })
              }
            />
          ) : (
            <TextField label={t('discovery.filters.growthValue')} value="" disabled />
          )}
        </Box>
      </Box>
    </>
  );
}

/** `fika` → `#fika`, `@oatly` stays; anything that is not one word is dropped. */
function normaliseTag(text: string): string | null {
  const trimmed = text.trim();
  const tag = /^[#@]/.test(trimmed) ? trimmed : `#${trimmed}`;
  return /^[#@][\p{L}\p{N}_.]+$/u.test(tag) ? tag : null;
}

function ContactFilters({ state, change }: { state: SearchState; change: Change }) {
  const t = useT();
  const [type, setType] = useState<ContactType>('email');
  const [action, setAction] = useState<FilterAction>('must');
  const unused = CONTACT_TYPES.filter((item) => !state.contacts.some((contact) => contact.type === item));
  const chosen = unused.includes(type) ? type : unused[0];
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" sx={{ mb: 1.5 }}>
        {t('discovery.filters.contacts')}
      </FormLabel>
      {unused.length > 0 && chosen ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('discovery.filters.contactType')}
            value={chosen}
            onChange={(event) => setType(event.target.value as ContactType)}
            sx={{ minWidth: 160 }}
          >
            {unused.map((item) => (
              <MenuItem key={item} value={item}>
                {t(`discovery.contact.${item}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('discovery.filters.contactAction')}
            value={action}
            onChange={(event) => setAction(event.target.value as FilterAction)}
            sx={{ minWidth: 160 }}
          >
            {FILTER_ACTIONS.map((item) => (
              <MenuItem key={item} value={item}>
                {t(`discovery.contactAction.${item}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button onClick={() => change({ contacts: [...state.contacts, { type: chosen, action }] })}>
            {t('discovery.filters.addContact')}
          </Button>
        </Box>
      ) : null}
      {state.contacts.length ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {state.contacts.map((contact) => {
            const name = `${t(`discovery.contact.${contact.type}`)}: ${t(`discovery.contactAction.${contact.action}`)}`;
            return (
              <Box component="li" key={contact.type} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography sx={{ flexGrow: 1 }}>{name}</Typography>
                <IconButton
                  aria-label={t('discovery.filters.remove', { name })}
                  onClick={() => change({ contacts: state.contacts.filter((item) => item.type !== contact.type) })}
                >
                  <Close />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      ) : null}
    </Box>
  );
}

function ContentFilters({ state, change }: { state: SearchState; change: Change }) {
  const t = useT();
  const [tagInput, setTagInput] = useState('');
  return (
    <>
      <Box sx={grid}>
        <TextField
          label={t('discovery.filters.keywords')}
          helperText={t('discovery.filters.keywordsHelp')}
          value={state.keywords}
          onChange={(event) => change({ keywords: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          label={t('discovery.filters.bio')}
          helperText={t('discovery.filters.bioHelp')}
          value={state.bio}
          onChange={(event) => change({ bio: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </Box>
      {hasTextTags(state.platform) ? (
        <Autocomplete<string, true, false, true>
          multiple
          freeSolo
          options={[]}
          value={state.tags}
          inputValue={tagInput}
          onInputChange={(_, value) => setTagInput(value)}
          onChange={(_, next) => {
            const tags = next.flatMap((item) => normaliseTag(item) ?? []);
            change({ tags: [...new Set(tags)] });
            setTagInput('');
          }}
          renderInput={(params) => (
            <TextField {...params} label={t('discovery.filters.tags')} helperText={t('discovery.filters.tagsHelp')} />
          )}
        />
      ) : null}
      <ContactFilters state={state} change={change} />
    </>
  );
}

function AudienceFilters({ state, change }: { state: SearchState; change: Change }) {
  const t = useT();
  const isInstagram = isInstagramOnly(state.platform);
  return (
    <>
      <Box>
        <DictionaryAutocomplete
          platform={state.platform}
          kind="locations"
          label={t('discovery.filters.audienceLocations')}
          value={state.audienceLocations}
          onChange={(choices) =>
            change({
              audienceLocations: choices.map(
                (choice) =>
                  state.audienceLocations.find((entry) => entry.id === choice.id) ?? {
                    ...choice,
                    weight: DEFAULT_WEIGHTS.location,
                  },
              ),
            })
          }
        />
        <WeightedList
          entries={state.audienceLocations}
          onChange={(audienceLocations) => change({ audienceLocations })}
        />
      </Box>
      <Box>
        <DictionaryAutocomplete
          platform={state.platform}
          kind="languages"
          single
          label={t('discovery.filters.audienceLanguage')}
          value={state.audienceLanguage ? [state.audienceLanguage] : []}
          onChange={([choice]) =>
            change({
              audienceLanguage: choice
                ? { ...choice, weight: state.audienceLanguage?.weight ?? DEFAULT_WEIGHTS.language }
                : undefined,
            })
          }
        />
        <WeightedList
          entries={state.audienceLanguage ? [state.audienceLanguage] : []}
          onChange={([audienceLanguage]) => change({ audienceLanguage })}
        />
      </Box>
      <Box sx={grid}>
        <OptionalSelect<AudienceGender>
          label={t('discovery.filters.audienceGender')}
          value={state.audienceGender?.id}
          options={AUDIENCE_GENDERS.map((value) => ({ value, label: t(`discovery.audienceGender.${value}`) }))}
          onChange={(id) =>
            change({
              audienceGender: id ? { id, weight: state.audienceGender?.weight ?? DEFAULT_WEIGHTS.gender } : undefined,
            })
          }
        />
        {state.audienceGender ? (
          <PercentField
            label={t('discovery.filters.weightFor', { name: t(`discovery.audienceGender.${state.audienceGender.id}`) })}
            value={state.audienceGender.weight}
            min={1}
            onChange={(weight) =>
              state.audienceGender && change({ audienceGender: { ...state.audienceGender, weight: weight ?? 50 } })
            }
          />
        ) : null}
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend">{t('discovery.filters.audienceAges')}</FormLabel>
        <FormGroup row>
          {AUDIENCE_AGE_BANDS.map((band) => (
            <FormControlLabel
              key={band}
              label={t('discovery.ageBand', { band })}
              control={
                <Checkbox
                  checked={state.audienceAges.some((age) => age.id === band)}
                  onChange={(event) =>
                    change({
                      audienceAges: event.target.checked
                        ? AUDIENCE_AGE_BANDS.flatMap(
                            (id) =>
                              state.audienceAges.find((age) => age.id === id) ??
                              (id === band ? [{ id, weight: DEFAULT_WEIGHTS.age }] : []),
                          )
                        : state.audienceAges.filter((age) => age.id !== band),
                    })
                  }
                />
              }
            />
          ))}
        </FormGroup>
        <WeightedList
          entries={state.audienceAges.map((age) => ({ ...age, name: t('discovery.ageBand', { band: age.id }) }))}
          onChange={(entries) => change({ audienceAges: entries.map(({ id, weight }) => ({ id, weight })) })}
        />
      </Box>
      {isInstagram ? (
        <>
          <Box>
            <DictionaryAutocomplete
              platform={state.platform}
              kind="interests"
              label={t('discovery.filters.audienceInterests')}
              value={state.audienceInterests}
              onChange={(choices) =>
                change({
                  audienceInterests: choices.map(
                    (choice) =>
                      state.audienceInterests.find((entry) => entry.id === choice.id) ?? {
                        ...choice,
                        weight: DEFAULT_WEIGHTS.interest,
                      },
                  ),
                })
              }
            />
            <WeightedList
              entries={state.audienceInterests}
              onChange={(audienceInterests) => change({ audienceInterests })}
            />
          </Box>
          <PercentField
            label={t('discovery.filters.credibility')}
            helperText={t('discovery.filters.credibilityHelp')}
            value={state.credibility}
            min={1}
            onChange={(credibility) => change({ credibility })}
          />
        </>
      ) : null}
    </>
  );
}

function SortFields({ state, change }: { state: SearchState; change: Change }) {
  const t = useT();
  return (
    <Box sx={grid}>
      <TextField
        select
        label={t('discovery.filters.sort')}
        value={state.sort}
        onChange={(event) => change({ sort: event.target.value as SortField })}
        helperText={t('discovery.filters.sortHelp')}
      >
        {SORT_FIELDS[state.platform].map((field) => (
          <MenuItem key={field} value={field} disabled={!sortIsUsable(state, field)}>
            {t(`discovery.sort.${field}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('discovery.filters.direction')}
        value={state.dir}
        onChange={(event) => change({ dir: event.target.value as SortDirection })}
      >
        {SORT_DIRECTIONS.map((direction) => (
          <MenuItem key={direction} value={direction}>
            {t(`discovery.direction.${direction}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

/**
 * Every search filter the provider has for the platform, in groups: the influencer, their content
 * and contacts, their audience, and the order. Changes go to the draft; the search runs on submit.
 */
export function FilterPanel({ state, onChange }: { state: SearchState; onChange: (next: SearchState) => void }) {
  const t = useT();
  const change: Change = (patch) => {
    const next = { ...state, ...patch, page: 1 };
    onChange(sortIsUsable(next, next.sort) ? next : { ...next, sort: 'followers' });
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Group title={t('discovery.filters.influencer')} count={influencerCount(state)} defaultExpanded>
        <InfluencerFilters state={state} change={change} />
      </Group>
      <Group title={t('discovery.filters.audience')} count={audienceCount(state)}>
        <AudienceFilters state={state} change={change} />
      </Group>
      <Group title={t('discovery.filters.content')} count={contentCount(state)}>
        <ContentFilters state={state} change={change} />
      </Group>
      <Group title={t('discovery.filters.order')} count={state.sort === 'followers' && state.dir === 'desc' ? 0 : 1}>
        <SortFields state={state} change={change} />
      </Group>
    </Box>
  );
}
