import type { TrackedPostView } from '@kollab/contract/api/results';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useT } from '../../hooks/use-t';
import { useResultsFormat } from './use-results-format';

/**
 * Every reading of the posts, oldest first per post: the same data as the views chart, as a
 * table (the chart's accessible equivalent). `showCreator` adds the creator column (the campaign page).
 */
export function ReadingsTable({ posts, showCreator = false }: { posts: TrackedPostView[]; showCreator?: boolean }) {
  const t = useT();
  const format = useResultsFormat();
  const rows = posts.flatMap((post) => post.readings.map((reading, index) => ({ post, reading, index })));
  return (
    <TableContainer>
      <Table size="small" aria-label={t('results.readings.title')}>
        <TableHead>
          <TableRow>
            {showCreator ? <TableCell>{t('results.readings.creator')}</TableCell> : null}
            <TableCell>{t('results.readings.milestone')}</TableCell>
            <TableCell>{t('results.readings.readAt')}</TableCell>
            <TableCell align="right">{t('results.figures.views')}</TableCell>
            <TableCell align="right">{t('results.figures.likes')}</TableCell>
            <TableCell align="right">{t('results.figures.comments')}</TableCell>
            <TableCell align="right">{t('results.figures.shares')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ post, reading, index }) => (
            <TableRow key={`${post.id}-${index}`}>
              {showCreator ? (
                <TableCell component="th" scope="row">
                  {post.creator.name}
                </TableCell>
              ) : null}
              <TableCell>{t(`results.milestone.${reading.milestone}`)}</TableCell>
              <TableCell>{format.dateTime(reading.readAt)}</TableCell>
              <TableCell align="right">{format.number(reading.views)}</TableCell>
              <TableCell align="right">{format.number(reading.likes)}</TableCell>
              <TableCell align="right">{format.number(reading.comments)}</TableCell>
              <TableCell align="right">{reading.shares === null ? '–' : format.number(reading.shares)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
