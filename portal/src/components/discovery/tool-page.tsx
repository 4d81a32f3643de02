import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../hooks/use-t';
import { PageHeader } from '../layout/page-header';
import { discoveryErrorText } from './use-discovery';

/**
 * The query a tool last ran, read from the URL so it can be shared and survives back/forward.
 * Keyed by the URL's text, so only a real change makes a new query (and a new provider call).
 * `parse` must be stable (a module function).
 */
export function useUrlQuery<Q>(parse: (params: URLSearchParams) => Q): [Q, (next: URLSearchParams) => void] {
  const [params, setParams] = useSearchParams();
  const paramsKey = params.toString();
  const submitted = useMemo(() => parse(new URLSearchParams(paramsKey)), [parse, paramsKey]);
  return [submitted, setParams];
}

/**
 * A one-form discovery tool: the page header, the form card (its fields, the run button and what a
 * run costs) and the results section named by its h2. Submitting never reloads the page.
 */
export function ToolPage({
  title,
  intro,
  formLabel,
  onSubmit,
  runIcon,
  runLabel,
  cost,
  resultsTitle,
  results,
  children,
}: {
  title: string;
  intro: string;
  formLabel: string;
  onSubmit: () => void;
  runIcon: ReactNode;
  runLabel: string;
  cost: string;
  resultsTitle: string;
  results: ReactNode;
  children: ReactNode;
}) {
  const resultsId = useId();
  return (
    <>
      <PageHeader title={title} intro={intro} />
      <Card
        component="form"
        noValidate
        aria-label={formLabel}
        sx={{ p: { xs: 2, sm: 3 }, mb: 3, display: 'grid', gap: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" startIcon={runIcon}>
            {runLabel}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {cost}
          </Typography>
        </Box>
      </Card>
      <Box component="section" aria-labelledby={resultsId}>
        <Typography id={resultsId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {resultsTitle}
        </Typography>
        {results}
      </Box>
    </>
  );
}

/** A tool's results while the provider answers: announced to screen readers, a placeholder for the eye. */
export function ToolLoading({ label, height }: { label: string; height: number }) {
  return (
    <Box aria-busy="true">
      <Typography role="status" color="text.secondary" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Skeleton variant="rounded" height={height} />
    </Box>
  );
}

/** A failed provider call in a tool's results, with a retry (provider calls never retry by themselves). */
export function ToolError({
  error,
  onRetry,
  severity = 'error',
}: {
  error: unknown;
  onRetry: () => void;
  severity?: AlertColor;
}) {
  const t = useT();
  return (
    <Alert
      severity={severity}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('discovery.retry')}
        </Button>
      }
    >
      {discoveryErrorText(t, error)}
    </Alert>
  );
}
