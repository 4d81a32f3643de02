import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { type RawFeedPage, rawPost } from './parse';
import { PostList } from './report-sections';
import type { Post, Proxied } from './types';
import { discoveryErrorText, useDiscoveryStatus } from './use-discovery';

/**
 * The influencer's latest Instagram posts straight from the Raw API, fetched only on request
 * because each page costs a raw request.
 */
export function RawFeed({ handle }: { handle: string }) {
  const t = useT();
  const { refresh } = useDiscoveryStatus();
  const [posts, setPosts] = useState<Post[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const load = async (after: string | null) => {
    setIsBusy(true);
    setError(null);
    try {
      const page = await apiFetch<Proxied<RawFeedPage>>('/api/discovery/raw/ig/user-feed', {
        method: 'POST',
        json: { url: handle, ...(after ? { after } : {}) },
      });
      const items = page.data.items ?? page.data.user_feed?.items ?? [];
      const next = items.flatMap((item) => rawPost(item) ?? []);
      setPosts((previous) => [...(after ? (previous ?? []) : []), ...next]);
      setCursor(page.data.more_available && page.data.end_cursor ? page.data.end_cursor : null);
      refresh();
    } catch (caught) {
      setError(caught);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">{t('discovery.report.feedIntro')}</Typography>
      {error ? <Alert severity="error">{discoveryErrorText(t, error)}</Alert> : null}
      {posts ? <PostList posts={posts} emptyText={t('discovery.report.noPosts')} /> : null}
      {!posts || cursor ? (
        <Box>
          <Button variant="outlined" loading={isBusy} onClick={() => void load(posts ? cursor : null)}>
            {posts ? t('discovery.report.feedMore') : t('discovery.report.feedLoad')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
