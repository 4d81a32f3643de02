import ContentCopy from '@mui/icons-material/ContentCopy';
import DataObject from '@mui/icons-material/DataObject';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { EmptyState } from '../../components/campaigns/empty-state';
import { RAW_ENDPOINTS, RAW_PLATFORMS, type RawPlatform, rawEndpoint } from '../../components/discovery/enums';
import type { Proxied } from '../../components/discovery/types';
import { discoveryErrorText, useDiscoveryFormat, useDiscoveryStatus } from '../../components/discovery/use-discovery';
import { PageHeader } from '../../components/layout/page-header';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { isMessageKey } from '../../providers/i18n-provider';

/** The lookup most people start with: the account's own profile. */
function firstEndpoint(platform: RawPlatform): string {
  return platform === 'youtube' ? 'channel-info' : 'user-info';
}

/**
 * Raw lookups: one provider Raw API call (a platform's own data, unprocessed) with its parameters,
 * shown as formatted JSON. Each call costs a raw request, so required parameters are checked first.
 */
export function DiscoveryRawPage() {
  const t = useT();
  const format = useDiscoveryFormat();
  const resultsId = useId();
  const { refresh } = useDiscoveryStatus();
  const [platform, setPlatform] = useState<RawPlatform>('ig');
  const [endpoint, setEndpoint] = useState(firstEndpoint('ig'));
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [answer, setAnswer] = useState<{ label: string; body: Proxied<unknown> } | null>(null);
  const [copied, setCopied] = useState(false);
  const spec = rawEndpoint(platform, endpoint);
  const params = spec ? [...spec.required, ...spec.optional] : [];
  const paramLabel = (name: string) => {
    const key = `discovery.raw.param.${name}`;
    return isMessageKey(key) ? t(key) : name;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!spec) return;
    const absent = spec.required.filter((name) => !values[name]?.trim());
    setMissing(absent);
    if (absent.length) return;
    const query = new URLSearchParams();
    for (const name of params) {
      const value = values[name]?.trim();
      if (value) query.set(name, name === 'hashtag' ? value.replace(/^#/, '') : value);
    }
    // A lookup spends a raw request, so it is a POST; the label keeps the familiar query form.
    setIsBusy(true);
    setFailure(null);
    setCopied(false);
    try {
      const body = await apiFetch<Proxied<unknown>>(`/api/discovery/raw/${platform}/${endpoint}`, {
        method: 'POST',
        json: Object.fromEntries(query),
      });
      setAnswer({ label: `${platform}/${endpoint}?${query}`, body });
      refresh();
    } catch (caught) {
      setFailure(caught);
    } finally {
      setIsBusy(false);
    }
  };
  const json = answer ? JSON.stringify(answer.body.data, null, 2) : '';

  return (
    <>
      <PageHeader title={t('discovery.raw.title')} intro={t('discovery.raw.intro')} />
      <Card
        component="form"
        noValidate
        aria-label={t('discovery.raw.formLabel')}
        onSubmit={submit}
        sx={{ p: { xs: 2, sm: 3 }, mb: 3, display: 'grid', gap: 2 }}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            select
            label={t('discovery.raw.platform')}
            value={platform}
            onChange={(event) => {
              const next = event.target.value as RawPlatform;
              setPlatform(next);
              setEndpoint(firstEndpoint(next));
              setMissing([]);
            }}
          >
            {RAW_PLATFORMS.map((item) => (
              <MenuItem key={item} value={item}>
                {t(`discovery.raw.platform.${item}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('discovery.raw.endpoint')}
            value={endpoint}
            onChange={(event) => {
              setEndpoint(event.target.value);
              setMissing([]);
            }}
          >
            {Object.keys(RAW_ENDPOINTS[platform]).map((item) => (
              <MenuItem key={item} value={item}>
                {item}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {params.map((name) => {
            const isRequired = spec?.required.includes(name) ?? false;
            const choices = spec?.values?.[name];
            const isMissing = missing.includes(name);
            return (
              <TextField
                key={`${platform}/${endpoint}/${name}`}
                select={!!choices}
                label={paramLabel(name)}
                required={isRequired}
                value={values[name] ?? ''}
                onChange={(event) => setValues({ ...values, [name]: event.target.value })}
                error={isMissing}
                helperText={
                  isMissing ? t('discovery.raw.required') : isRequired ? undefined : t('discovery.raw.optional')
                }
              >
                {choices
                  ? [
                      <MenuItem key="" value="">
                        {t('discovery.filters.any')}
                      </MenuItem>,
                      ...choices.map((choice) => (
                        <MenuItem key={choice} value={choice}>
                          {choice}
                        </MenuItem>
                      )),
                    ]
                  : null}
              </TextField>
            );
          })}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" startIcon={<DataObject />} loading={isBusy}>
            {t('discovery.raw.run')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('discovery.raw.cost')}
          </Typography>
        </Box>
      </Card>
      <Box component="section" aria-labelledby={resultsId}>
        <Typography id={resultsId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {t('discovery.raw.result')}
        </Typography>
        {failure ? (
          <Alert severity="error">{discoveryErrorText(t, failure)}</Alert>
        ) : answer ? (
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
                {answer.label}
                {' · '}
                {answer.body.meta.cached
                  ? t('discovery.results.fromCache', { date: format.dateTime(answer.body.meta.fetchedAt) })
                  : t('discovery.raw.spent', { count: answer.body.meta.rawRequests })}
              </Typography>
              <Button
                size="small"
                startIcon={<ContentCopy />}
                onClick={() =>
                  void navigator.clipboard.writeText(json).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                {t('discovery.raw.copy')}
              </Button>
              <Typography role="status" variant="body2" color="text.secondary">
                {copied ? t('discovery.invite.copied') : ''}
              </Typography>
            </Box>
            <Box
              component="pre"
              role="region"
              tabIndex={0}
              aria-label={t('discovery.raw.json')}
              sx={{
                m: 0,
                p: 2,
                maxHeight: 560,
                overflow: 'auto',
                bgcolor: 'grey.900',
                color: 'grey.100',
                borderRadius: 1,
                fontSize: 13,
                lineHeight: 1.5,
              }}
            >
              {json}
            </Box>
          </Box>
        ) : (
          <EmptyState title={t('discovery.raw.startTitle')} body={t('discovery.raw.startBody')} />
        )}
      </Box>
    </>
  );
}
