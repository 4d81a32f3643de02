import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { useT } from '../../../hooks/use-t';
import { DictionaryAutocomplete } from '../dictionary-autocomplete';
import { AUDIENCE_AGE_BANDS, AUDIENCE_GENDERS, type AudienceGender } from '../enums';
import { DEFAULT_WEIGHTS, isInstagramOnly, type SearchState } from '../search-state';
import { PercentField, WeightedList } from '../weighted-list';
import { type Change, grid, OptionalSelect } from './filter-fields';

/** How many audience filters are set. */
export function audienceCount(state: SearchState): number {
  return [
    state.audienceLocations.length > 0,
    !!state.audienceLanguage,
    !!state.audienceGender,
    state.audienceAges.length > 0,
    state.audienceInterests.length > 0,
    state.credibility !== undefined,
  ].filter(Boolean).length;
}

export function AudienceFilters({ state, change }: { state: SearchState; change: Change }) {
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
