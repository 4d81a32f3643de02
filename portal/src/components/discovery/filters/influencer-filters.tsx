import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useT } from '../../../hooks/use-t';
import { DictionaryAutocomplete } from '../dictionary-autocomplete';
import {
  ACCOUNT_TYPES,
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
} from '../enums';
import { isInstagramOnly, type SearchState } from '../search-state';
import { useDiscoveryFormat } from '../use-discovery';
import { PercentField } from '../weighted-list';
import { type Change, grid, OptionalSelect } from './filter-fields';

/** How many influencer filters are set (shown on the group's heading). */
export function influencerCount(state: SearchState): number {
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

export function InfluencerFilters({ state, change }: { state: SearchState; change: Change }) {
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
