import { canAccessRoute } from '@crm/shared';
import { Button, Card, Form, Popconfirm, Space, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { handleError, resolveError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useAccess } from '../../access/hooks/useAccess';
import { PageHeader } from '../../layout/components/PageHeader';
import { createTemplate, identifyVariables } from '../api/templates.rest';
import { useTemplateChannels } from '../hooks/useTemplateChannels';
import { useTemplateDraft } from '../hooks/useTemplateDraft';
import {
  customVariables,
  draftComponents,
  nextStep,
  previousStep,
  type StepErrors,
  stepErrors,
  stepPath,
  TEMPLATE_STEP_LABELS,
  TEMPLATE_STEP_TITLES,
  type TemplateDraft,
  type TemplateStep,
  withBody,
} from '../templateDraft';
import { CategoryStep } from './steps/CategoryStep';
import { InitStep } from './steps/InitStep';
import { type MessageForm, MessageStep } from './steps/MessageStep';
import { MultimediaStep } from './steps/MultimediaStep';
import { type NameForm, NameStep } from './steps/NameStep';
import { PreviewStep } from './steps/PreviewStep';
import type { DraftUpdate } from './steps/stepProps';
import { VariablesStep } from './steps/VariablesStep';
import '../templates.css';

export const TEMPLATES_LIST_PATH = '/config?tab=templates';

/** What a page that opens the flow may pass as its navigation state, to be returned to when it ends. */
export interface TemplateFlowState {
  returnTo?: string;
}

/**
 * Where the flow ends: the page that opened it, else the templates tab; a user whose only right is
 * whatsappTemplate cannot open /config (01 §2.3), so the inbox, where the template is then offered.
 */
function useExitPath(): string {
  const location = useLocation();
  const { permissions } = useAccess();
  const returnTo = (location.state as TemplateFlowState | null)?.returnTo;
  if (returnTo?.startsWith('/')) return returnTo;
  return canAccessRoute('/config', permissions) ? TEMPLATES_LIST_PATH : '/chat';
}

/** Where a refusal of POST /whatsappTemplate naming a field is fixed. */
function stepOfField(field: string | undefined, draft: TemplateDraft): TemplateStep | null {
  switch (field) {
    case 'channelId':
    case 'type':
      return 'init';
    case 'name':
    case 'templateName':
      return 'create';
    case 'text':
    case 'components':
    case 'variables':
      return draft.type === 'CUSTOM_TEMPLATE' ? 'newCustom' : draft.isVariables ? 'identifyVariables' : 'new';
    case 'category':
      return 'category';
    case 'header':
    case 'file':
      return 'addMultimedia';
    default:
      return null;
  }
}

function errorKey(field: string): keyof StepErrors {
  if (field === 'templateName') return 'name';
  if (field === 'components') return 'text';
  if (field === 'file') return 'header';
  return field as keyof StepErrors;
}

/**
 * /config/new-whatsapp-template: the creation flow of 02 §2 (init, create, new or new custom, identify variables,
 * category, add multimedia, preview), each step with its title, 'Atrás' and 'Continuar'. The draft lives in the
 * tab's sessionStorage, so moving between steps or reloading keeps it.
 */
export function TemplateCreateFlow() {
  const navigate = useNavigate();
  const exitPath = useExitPath();
  const { draft, update, discard } = useTemplateDraft();
  const { channels, loading: loadingChannels } = useTemplateChannels();
  const [errors, setErrors] = useState<StepErrors>({});
  const [busy, setBusy] = useState(false);
  const [nameForm] = Form.useForm<NameForm>();
  const [messageForm] = Form.useForm<MessageForm>();

  // One channel: nothing to choose.
  useEffect(() => {
    const only = channels.length === 1 ? channels[0] : undefined;
    if (only && draft.channelId === null) update({ channelId: only.id });
  }, [channels, draft.channelId, update]);

  // Editing clears what the last 'Continuar' refused.
  const edit: DraftUpdate = (change) => {
    setErrors({});
    update(change);
  };

  const goTo = (step: TemplateStep) => {
    setErrors({});
    update({ step });
  };

  const back = () => {
    const previous = previousStep(draft);
    if (previous) goTo(previous);
    else navigate(exitPath);
  };

  const cancel = () => {
    discard();
    navigate(exitPath);
  };

  // 'new' → 'identify variables': the message goes to /identify-variables, unless this very text was read already
  // (coming back to the message without changing it keeps what the user accepted, edited or undid).
  const identify = async () => {
    const text = draft.originalText;
    if (draft.isVariables && draft.identifiedFrom === text) {
      goTo('identifyVariables');
      return;
    }
    setBusy(true);
    try {
      const reply = await identifyVariables(text, true);
      update((current) =>
        withBody(
          {
            ...current,
            step: 'identifyVariables',
            isVariables: true,
            identifiedFrom: text,
            proposedCategory: reply.category,
            category: reply.category,
          },
          { text: reply.proposal.text, variables: reply.proposal.variables },
        ),
      );
    } catch (error) {
      handleError(error);
      // 02 §7: without a proposal the message goes on as written, with no variable proposed.
      update((current) =>
        withBody(
          { ...current, step: 'identifyVariables', isVariables: false, identifiedFrom: null },
          { text, variables: customVariables(text, []) },
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  // 'new custom' → 'category': the user's own variables stay; only the category is proposed.
  const proposeCategory = async () => {
    const text = draft.text;
    if (!draft.isVariables && draft.identifiedFrom === text) {
      goTo('category');
      return;
    }
    setBusy(true);
    try {
      const reply = await identifyVariables(text, false);
      update((current) => ({
        ...current,
        step: 'category',
        isVariables: false,
        identifiedFrom: text,
        proposedCategory: reply.category,
        category: reply.category,
      }));
    } catch (error) {
      handleError(error);
      update({ step: 'category', isVariables: false, identifiedFrom: null });
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const { channelId, category, type } = draft;
    if (channelId === null || category === null || type === null) return;
    setBusy(true);
    try {
      const created = await createTemplate({
        name: draft.name,
        category,
        components: draftComponents(draft),
        channelId,
        type,
      });
      toast.success(`Plantilla ${created.name} enviada a revisión`);
      discard();
      navigate(exitPath, { replace: true });
    } catch (error) {
      const resolved = resolveError(error);
      const step = stepOfField(resolved.field, draft);
      if (step && resolved.field) {
        update({ step });
        setErrors({ [errorKey(resolved.field)]: resolved.userMessage });
      } else {
        handleError(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const proceed = async () => {
    try {
      if (draft.step === 'create') await nameForm.validateFields();
      if (draft.step === 'new' || draft.step === 'newCustom') await messageForm.validateFields();
    } catch {
      // The form shows its rule under the field.
      return;
    }
    const found = stepErrors(draft);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    if (draft.step === 'new') return identify();
    if (draft.step === 'newCustom') return proposeCategory();
    if (draft.step === 'preview') return submit();
    const next = nextStep(draft);
    if (next) goTo(next);
  };

  const path = stepPath(draft.type);
  const props = { draft, update: edit, errors };
  return (
    <div className="page" data-testid="template-create">
      <PageHeader
        title={TEMPLATE_STEP_TITLES[draft.step]}
        description="Crea una plantilla de WhatsApp y envíala a revisión."
      />
      <Card>
        <Steps
          size="small"
          className="tpl-steps"
          current={path.indexOf(draft.step)}
          items={path.map((step) => ({ key: step, title: TEMPLATE_STEP_LABELS[step] }))}
        />
        <div className="tpl-step" data-testid="template-step" data-step={draft.step}>
          {draft.step === 'init' ? (
            <InitStep {...props} channels={channels} loadingChannels={loadingChannels} />
          ) : null}
          {draft.step === 'create' ? <NameStep {...props} form={nameForm} /> : null}
          {draft.step === 'new' || draft.step === 'newCustom' ? (
            <MessageStep {...props} form={messageForm} custom={draft.step === 'newCustom'} />
          ) : null}
          {draft.step === 'identifyVariables' ? <VariablesStep {...props} /> : null}
          {draft.step === 'category' ? <CategoryStep {...props} /> : null}
          {draft.step === 'addMultimedia' ? <MultimediaStep {...props} /> : null}
          {draft.step === 'preview' ? <PreviewStep {...props} channels={channels} /> : null}
        </div>
        <div className="tpl-step-actions">
          <Popconfirm
            title="¿Descartar esta plantilla?"
            description="Se perderá lo que llevas escrito."
            okText="Descartar"
            cancelText="Seguir editando"
            okButtonProps={{ danger: true }}
            onConfirm={cancel}
          >
            <Button type="text">Cancelar</Button>
          </Popconfirm>
          <Space>
            <Button onClick={back} disabled={busy}>
              Atrás
            </Button>
            <Button type="primary" loading={busy} onClick={() => void proceed()}>
              {draft.step === 'preview' ? 'Enviar a revisión' : 'Continuar'}
            </Button>
          </Space>
        </div>
      </Card>
    </div>
  );
}
