import Close from '@mui/icons-material/Close';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT } from '../../../hooks/use-t';
import { CONTACT_TYPES, type ContactType, FILTER_ACTIONS, type FilterAction } from '../enums';
import { hasTextTags, type SearchState } from '../search-state';
import { type Change, grid } from './filter-fields';

/** How many content and contact filters are set. */
export function contentCount(state: SearchState): number {
  return [!!state.keywords.trim(), !!state.bio.trim(), state.tags.length > 0, state.contacts.length > 0].filter(Boolean)
    .length;
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

export function ContentFilters({ state, change }: { state: SearchState; change: Change }) {
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
