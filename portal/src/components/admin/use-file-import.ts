import { type ChangeEvent, useState } from 'react';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { errorText, fieldCodes, validationText } from '../../lib/error-text';

/**
 * A bank file's two steps (bank files, payout answers): the chosen file is sent to `previewPath`,
 * which changes nothing, and on confirm to `importPath`. An error says what is wrong with the file
 * (`fields.file`) in the reader's language, or what went wrong otherwise.
 */
export function useFileImport<Preview>(previewPath: string, importPath: string) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [imported, setImported] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);

  const send = (path: string, chosen: File) => {
    const form = new FormData();
    form.set('file', chosen);
    return apiFetch<{ data: Preview }>(path, { method: 'POST', body: form });
  };
  const problem = (caught: unknown) => {
    const [code] = fieldCodes(caught, 'file');
    return code ? validationText(t, code) : errorText(t, caught);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    setImported(null);
    setError(null);
    setBusy('preview');
    try {
      setPreview((await send(previewPath, chosen)).data);
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(null);
    }
  };
  const confirm = async () => {
    if (!file) return;
    setError(null);
    setBusy('import');
    try {
      setImported((await send(importPath, file)).data);
      setPreview(null);
      setFile(null);
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(null);
    }
  };
  return { file, preview, imported, error, busy, choose, confirm };
}
