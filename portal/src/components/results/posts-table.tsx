import type { TrackedPostView } from '@kollab/contract/api/results';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useT } from '../../hooks/use-t';
import { ExternalLink } from '../campaigns/external-link';
import { AdLabelChip, PostStatusChip } from './chips';
import { milestoneText, useResultsFormat } from './use-results-format';

/** One row per accepted post: its creator (linking to the post), figures, ad-label verdict, and state with the next read. */
export function PostsTable({ posts }: { posts: TrackedPostView[] }) {
  const t = useT();
  const format = useResultsFormat();
  const figure = (post: TrackedPostView, pick: (figures: NonNullable<TrackedPostView['figures']>) => string) =>
    post.figures ? pick(post.figures) : '–';
  return (
    <TableContainer>
      <Table size="small" aria-label={t('results.posts.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('results.posts.creator')}</TableCell>
            <TableCell align="right">{t('results.figures.views')}</TableCell>
            <TableCell align="right">{t('results.figures.engagementRate')}</TableCell>
            <TableCell align="right">
              <abbr title={t('results.figures.cpv')}>{t('results.figures.cpvShort')}</abbr>
            </TableCell>
            <TableCell align="right">
              <abbr title={t('results.figures.cpm')}>{t('results.figures.cpmShort')}</abbr>
            </TableCell>
            <TableCell align="right">
              <abbr title={t('results.figures.cpe')}>{t('results.figures.cpeShort')}</abbr>
            </TableCell>
            <TableCell>{t('results.posts.adLabel')}</TableCell>
            <TableCell>{t('results.posts.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {posts.map((post) => (
            <TableRow key={post.id}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {post.url ? <ExternalLink href={post.url}>{post.creator.name}</ExternalLink> : post.creator.name}
              </TableCell>
              <TableCell align="right">{figure(post, (f) => format.number(f.views))}</TableCell>
              <TableCell align="right">{figure(post, (f) => format.rate(f.engagementRate))}</TableCell>
              <TableCell align="right">{figure(post, (f) => format.sekFine(f.costPerViewOre))}</TableCell>
              <TableCell align="right">{figure(post, (f) => format.sek(f.cpmOre))}</TableCell>
              <TableCell align="right">{figure(post, (f) => format.sekFine(f.costPerEngagementOre))}</TableCell>
              <TableCell>
                <AdLabelChip post={post} />
              </TableCell>
              <TableCell>
                <PostStatusChip post={post} />
                {post.nextRead ? (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {t('results.nextRead', {
                      milestone: milestoneText(t, post.nextRead.milestone),
                      time: format.dateTime(post.nextRead.at),
                    })}
                  </Typography>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
