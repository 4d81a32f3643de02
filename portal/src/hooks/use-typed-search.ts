import { useEffect, useRef, useState } from 'react';

/** How long typing has to pause before a search goes out. */
const PAUSE_MS = 350;

/**
 * A search box's text, sent after a pause in typing or at once on submit (Enter). `value` is the
 * search in effect (from the URL): when it changes from elsewhere (the back button, "clear
 * filters") it replaces what is in the box. `onSearch` gets the trimmed text, once per change.
 */
export function useTypedSearch(value: string, onSearch: (q: string) => void) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const search = useRef(onSearch);
  search.current = onSearch;

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const q = text.trim();
    if (q === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = q;
      search.current(q);
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const submit = () => {
    sent.current = text.trim();
    search.current(text.trim());
  };
  return { text, setText, submit };
}
