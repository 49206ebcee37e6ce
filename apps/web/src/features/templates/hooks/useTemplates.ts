import { useCallback, useEffect, useRef, useState } from 'react';
import { handleError } from '../../../lib/errors';
import { onReconnected, subscribeRealtime } from '../../../lib/socket';
import { listTemplates, type TemplateView } from '../api/templates.rest';

/** Newest first, as GET /whatsappTemplate answers them. */
function newestFirst(a: TemplateView, b: TemplateView): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
}

/** A template created or changed (a status webhook, a sync) takes its place in the list. */
export function upsertTemplate(list: readonly TemplateView[], template: TemplateView): TemplateView[] {
  return [...list.filter((item) => item.id !== template.id), template].sort(newestFirst);
}

/**
 * The company's templates, kept live: `whatsappTemplateUpdated` brings a created template or a new status,
 * `whatsappTemplateDeleted` takes one away; after a lost connection the list is read again.
 */
export function useTemplates(companyId: number) {
  const [templates, setTemplates] = useState<TemplateView[]>([]);
  const [loading, setLoading] = useState(true);
  const request = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    try {
      const list = await listTemplates(companyId, controller.signal);
      if (!controller.signal.aborted) setTemplates([...list].sort(newestFirst));
    } catch (error) {
      if (!controller.signal.aborted) handleError(error);
    } finally {
      if (request.current === controller) setLoading(false);
    }
  }, [companyId]);

  useEffect(() => {
    void reload();
    return () => request.current?.abort();
  }, [reload]);

  useEffect(() => {
    const stopUpdated = subscribeRealtime('whatsappTemplateUpdated', (template) => {
      setTemplates((current) => upsertTemplate(current, template));
    });
    const stopDeleted = subscribeRealtime('whatsappTemplateDeleted', ({ id }) => {
      setTemplates((current) => current.filter((item) => item.id !== id));
    });
    const stopReconnected = onReconnected(() => void reload());
    return () => {
      stopUpdated();
      stopDeleted();
      stopReconnected();
    };
  }, [reload]);

  const remove = useCallback((id: number) => {
    setTemplates((current) => current.filter((item) => item.id !== id));
  }, []);

  return { templates, loading, reload, remove };
}
