import type { FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

export type Editing<T> = T | 'new' | null;

interface ConfigEditorOptions<T, F> {
  form: FormInstance<F>;
  canWrite: boolean;
  /** The route that opens the 'new' form directly (02 §2: /config/new-tag, /config/new-rol, …). */
  newPath?: string;
  /** Where closing that route leads back to. */
  listPath?: string;
  /** The form's values for a new item or for the one being edited. */
  valuesFor: (editing: T | 'new') => F;
}

/** What a configuration list's create/edit modal shares: what is open, its form values, and leaving its route. */
export function useConfigEditor<T, F>({
  form,
  canWrite,
  newPath,
  listPath,
  valuesFor,
}: ConfigEditorOptions<T, F>) {
  const location = useLocation();
  const navigate = useNavigate();
  const onNewPath = newPath !== undefined && location.pathname === newPath;
  const [editing, setEditing] = useState<Editing<T>>(onNewPath && canWrite ? 'new' : null);
  const valuesForRef = useRef(valuesFor);
  valuesForRef.current = valuesFor;

  // One form store serves every opening: load the values of what is being edited each time.
  useEffect(() => {
    if (editing !== null)
      form.setFieldsValue(valuesForRef.current(editing) as Parameters<typeof form.setFieldsValue>[0]);
  }, [editing, form]);

  function close() {
    setEditing(null);
    if (onNewPath && listPath) navigate(listPath, { replace: true });
  }

  // What the dialog's form opens with, for its first render (the effect above reloads it on each opening).
  const initialValues = editing === null ? undefined : valuesFor(editing);
  return { editing, setEditing, close, initialValues };
}
