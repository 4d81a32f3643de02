import Instagram from '@mui/icons-material/Instagram';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../../hooks/use-t';
import { ExternalLink } from './external-link';
import { Section } from './section';
import type { Campaign } from './types';
import { useFormat } from './use-format';

/** The organizer and the client's social profile (spec §2): posts, followers and following. */
export function OrganizerProfile({ brand }: { brand: Campaign['brand'] }) {
  const t = useT();
  const format = useFormat();
  const instagram = brand.instagram;
  const stats = instagram
    ? [
        { label: t('campaigns.organizer.posts'), value: instagram.posts },
        { label: t('campaigns.organizer.followers'), value: instagram.followers },
        { label: t('campaigns.organizer.following'), value: instagram.following },
      ]
    : [];
  return (
    <Section title={t('campaigns.organizer.title')}>
      <Typography sx={{ fontWeight: 600 }}>{brand.name}</Typography>
      {instagram ? (
        <>
          <ExternalLink
            href={`https://www.instagram.com/${encodeURIComponent(instagram.handle)}/`}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
          >
            <Instagram fontSize="small" aria-hidden />@{instagram.handle}
          </ExternalLink>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, m: 0, mt: 2, textAlign: 'center' }}
          >
            {stats.map((stat) => (
              <Box key={stat.label} sx={{ display: 'flex', flexDirection: 'column-reverse' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {stat.label}
                </Typography>
                <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                  {stat.value === null ? '–' : format.number(stat.value)}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      ) : (
        <Typography color="text.secondary" variant="body2">
          {t('campaigns.organizer.noSocial')}
        </Typography>
      )}
    </Section>
  );
}
