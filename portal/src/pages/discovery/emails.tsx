import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/campaigns/empty-state';
import { EMAIL_SEARCH_MAX_EMAILS, isPlatform } from '../../components/discovery/enums';
import { parseEmails } from '../../components/discovery/parse';
import { ProfileAvatar } from '../../components/discovery/profile-avatar';
import { reportPath } from '../../components/discovery/results-table';
import type { EmailSearchResult, Meta, Proxied } from '../../components/discovery/types';
import { discoveryErrorText, useDiscoveryFormat, useDiscoveryStatus } from '../../components/discovery/use-discovery';
import { PageHeader } from '../../components/layout/page-header';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';

function Results({ result, meta }: { result: EmailSearchResult; meta: Meta }) {
  const t = useT();
  const format = useDiscoveryFormat();
  const matched = result.matchedEmails ?? [];
  const notMatched = result.notMatchedEmails ?? [];
  const rows = matched.flatMap((entry) => entry.users.map((user) => ({ email: entry.email, user })));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography role="status" sx={{ fontWeight: 600 }}>
        {t('discovery.emails.summary', { matched: matched.length, notMatched: notMatched.length })}
        {' · '}
        {t('discovery.results.spent', { credits: format.credits(meta.credits) })}
      </Typography>
      {rows.length ? (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
          <Table aria-label={t('discovery.emails.matched')}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('discovery.emails.email')}</TableCell>
                <TableCell scope="col">{t('discovery.results.profile')}</TableCell>
                <TableCell scope="col">{t('discovery.emails.platform')}</TableCell>
                <TableCell scope="col" align="right">
                  {t('discovery.results.followers')}
                </TableCell>
                <TableCell scope="col" align="right">
                  {t('discovery.results.engagementRate')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(({ email, user }) => (
                <TableRow key={`${email}:${user.platform}:${user.username}`}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{email}</TableCell>
                  <TableCell component="th" scope="row">
                    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                      <ProfileAvatar src={user.picture} handle={user.username} size={32} />
                      <Box>
                        {isPlatform(user.platform) ? (
                          <Link component={RouterLink} to={reportPath(user.platform, user.userId ?? user.username)}>
                            @{user.username}
                          </Link>
                        ) : (
                          <span>@{user.username}</span>
                        )}
                        {user.fullname ? (
                          <Typography variant="body2" color="text.secondary">
                            {user.fullname}
                          </Typography>
                        ) : null}
                      </Box>
                    </Box>
                  </TableCell>
                  <TableCell>
                    {isPlatform(user.platform) ? t(`discovery.platform.${user.platform}`) : user.platform}
                  </TableCell>
                  <TableCell align="right">
                    {user.followers === undefined ? '–' : format.number(user.followers)}
                  </TableCell>
                  <TableCell align="right">
                    {user.engagementRate === undefined ? '–' : format.rate(user.engagementRate)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <EmptyState title={t('discovery.emails.noneTitle')} body={t('discovery.emails.noneBody')} />
      )}
      {notMatched.length ? (
        <Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('discovery.emails.notMatched')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {notMatched.map((email) => (
              <li key={email}>{email}</li>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

/** E-mail search: which Instagram, TikTok and YouTube accounts belong to a list of addresses. */
export function DiscoveryEmailsPage() {
  const t = useT();
  const format = useDiscoveryFormat();
  const resultsId = useId();
  const { refresh } = useDiscoveryStatus();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [answer, setAnswer] = useState<Proxied<EmailSearchResult> | null>(null);
  const { valid, invalid } = parseEmails(text);

  const submit = async () => {
    if (valid.length === 0) {
      setFieldError(t('discovery.emails.none'));
      return;
    }
    if (valid.length > EMAIL_SEARCH_MAX_EMAILS) {
      setFieldError(t('discovery.emails.tooMany', { max: EMAIL_SEARCH_MAX_EMAILS }));
      return;
    }
    setFieldError(null);
    setFailure(null);
    setIsBusy(true);
    try {
      setAnswer(
        await apiFetch<Proxied<EmailSearchResult>>('/api/discovery/email-search', {
          method: 'POST',
          json: { emails: valid },
        }),
      );
      refresh();
    } catch (caught) {
      setFailure(caught);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={t('discovery.emails.title')} intro={t('discovery.emails.intro')} />
      <Card
        component="form"
        noValidate
        aria-label={t('discovery.emails.formLabel')}
        sx={{ p: { xs: 2, sm: 3 }, mb: 3, display: 'grid', gap: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={t('discovery.emails.label')}
          multiline
          minRows={5}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={!!fieldError}
          helperText={fieldError ?? t('discovery.emails.help', { count: valid.length, max: EMAIL_SEARCH_MAX_EMAILS })}
        />
        {invalid.length ? (
          <Alert severity="warning">{t('discovery.emails.invalid', { list: format.list(invalid.slice(0, 5)) })}</Alert>
        ) : null}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" startIcon={<Search />} loading={isBusy}>
            {t('discovery.emails.run')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('discovery.emails.cost', { credits: format.credits(Math.max(valid.length, 1) * 0.02) })}
          </Typography>
        </Box>
      </Card>
      <Box component="section" aria-labelledby={resultsId}>
        <Typography id={resultsId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {t('discovery.emails.results')}
        </Typography>
        {failure ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void submit()}>
                {t('discovery.retry')}
              </Button>
            }
          >
            {discoveryErrorText(t, failure)}
          </Alert>
        ) : answer ? (
          <Results result={answer.data} meta={answer.meta} />
        ) : (
          <EmptyState title={t('discovery.emails.startTitle')} body={t('discovery.emails.startBody')} />
        )}
      </Box>
    </>
  );
}
