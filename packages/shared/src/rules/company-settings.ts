import type { CompanySettings } from '../company';
import { isCompanyTemplateLanguage, TEMPLATE_MESSAGES } from '../templates';

/** The on/off settings, shown as switches; the template language is the one setting that is not a flag. */
export type CompanySettingKey = {
  [K in keyof CompanySettings]: CompanySettings[K] extends boolean ? K : never;
}[keyof CompanySettings];

export interface CompanySettingDescription {
  key: CompanySettingKey;
  label: string;
  help: string;
}

export interface CompanySettingGroup {
  title: string;
  settings: CompanySettingDescription[];
}

/** 02 §3 "Company settings" as the configuration tab shows them, grouped, with their Spanish texts. */
export const COMPANY_SETTING_GROUPS: readonly CompanySettingGroup[] = [
  {
    title: 'Mensajes',
    settings: [
      {
        key: 'isWelcomeMessageActive',
        label: 'Mensaje de bienvenida',
        help: 'Los clientes nuevos reciben el mensaje de bienvenida configurado.',
      },
      {
        key: 'isAgentNameInMessageActive',
        label: 'Mostrar el nombre del agente en los mensajes',
        help: 'Cada mensaje enviado empieza con el nombre de quien lo escribe.',
      },
    ],
  },
  {
    title: 'Conversaciones',
    settings: [
      {
        key: 'canUnarchiveConversations',
        label: 'Los agentes pueden desarchivar conversaciones',
        help: 'Si se desactiva, solo los administradores pueden desarchivar.',
      },
      {
        key: 'canReturnInboxConversation',
        label: 'Devolver a la bandeja las conversaciones archivadas',
        help: 'Una conversación archivada vuelve a la bandeja cuando el cliente escribe.',
      },
      {
        key: 'showClientCloseOption',
        label: 'Mostrar la opción de cerrar conversación',
        help: 'Los agentes pueden cerrar conversaciones desde el panel del cliente.',
      },
      {
        key: 'sentClientSurveyByDefault',
        label: 'Enviar la encuesta al cerrar',
        help: 'Al cerrar una conversación se envía la encuesta de satisfacción por defecto.',
      },
      {
        key: 'archiveClosedClientByDefault',
        label: 'Archivar las conversaciones cerradas',
        help: 'Una conversación cerrada se archiva por defecto.',
      },
    ],
  },
  {
    title: 'Asignación',
    settings: [
      {
        key: 'automaticAssignment',
        label: 'Asignación automática',
        help: 'Las conversaciones nuevas se reparten entre los agentes.',
      },
      {
        key: 'forceActiveAgentsReassignation',
        label: 'Reasignar solo a agentes disponibles',
        help: 'Las conversaciones se reasignan únicamente a agentes con disponibilidad activa.',
      },
      {
        key: 'isShowActiveAgents',
        label: 'Mostrar los agentes disponibles',
        help: 'El equipo ve quién está disponible al reasignar.',
      },
      {
        key: 'isShowGroupsAtReassign',
        label: 'Mostrar los grupos al reasignar',
        help: 'La lista de reasignación incluye los grupos de agentes.',
      },
    ],
  },
  {
    title: 'Bot de menú',
    settings: [
      {
        key: 'isBotAutoAssignActive',
        label: 'Asignación automática desde el bot de menú',
        help: 'El bot de menú asigna la conversación al terminar.',
      },
      {
        key: 'isBotActiveAfterDay',
        label: 'Bot de menú después de 24 horas',
        help: 'El bot de menú vuelve a responder a quien escribe tras 24 horas sin conversación.',
      },
      {
        key: 'isBotAutoAssignActiveAfterDay',
        label: 'Asignación automática del bot después de 24 horas',
        help: 'Requiere el bot de menú después de 24 horas.',
      },
    ],
  },
  {
    title: 'Anuncios',
    settings: [
      {
        key: 'includeAdsTags',
        label: 'Etiquetar las conversaciones que llegan de anuncios',
        help: 'Las conversaciones iniciadas desde un anuncio reciben su etiqueta.',
      },
    ],
  },
];

/** Issue 16: the one setting chosen from a list, shown under the switches. */
export const TEMPLATE_LANGUAGE_SETTING = {
  title: 'Plantillas',
  label: 'Idioma de las plantillas de WhatsApp',
  help: 'Las plantillas nuevas se envían a revisión de WhatsApp en este idioma.',
} as const;

export const COMPANY_SETTING_KEYS: readonly CompanySettingKey[] = COMPANY_SETTING_GROUPS.flatMap((group) =>
  group.settings.map((setting) => setting.key),
);

/** Why a change cannot apply as asked, on which setting; null when it can. */
export interface CompanySettingsChangeError {
  field: keyof CompanySettings;
  message: string;
}

export const BOT_AFTER_DAY_REQUIRED_MESSAGE =
  'Activa primero el bot de menú después de 24 horas para asignar automáticamente después de 24 horas.';

/**
 * 02 §4: the settings after a change. Auto-assign after a day belongs to the after-a-day bot, so turning the bot
 * off turns its auto-assign off too, and the auto-assign can never stay on without the bot.
 */
export function applyCompanySettingsChange(
  current: CompanySettings,
  change: Partial<CompanySettings>,
): CompanySettings {
  const next: CompanySettings = { ...current };
  for (const key of COMPANY_SETTING_KEYS) {
    const value = change[key];
    if (typeof value === 'boolean') next[key] = value;
  }
  if (isCompanyTemplateLanguage(change.templateLanguage)) next.templateLanguage = change.templateLanguage;
  // Issue 17: the tags that keep the menu bot away, each once.
  if (Array.isArray(change.disableBotTagIds)) next.disableBotTagIds = [...new Set(change.disableBotTagIds)];
  if (!next.isBotActiveAfterDay) next.isBotAutoAssignActiveAfterDay = false;
  return next;
}

/**
 * A template language outside the offered list is refused, not ignored; so is a change that asks for auto-assign
 * after a day while the after-a-day bot ends up off.
 */
export function companySettingsChangeError(
  current: CompanySettings,
  change: Partial<CompanySettings>,
): CompanySettingsChangeError | null {
  if (typeof change.templateLanguage === 'string' && !isCompanyTemplateLanguage(change.templateLanguage)) {
    return { field: 'templateLanguage', message: TEMPLATE_MESSAGES.languageInvalid };
  }
  if (change.isBotAutoAssignActiveAfterDay !== true) return null;
  const botAfterDay = change.isBotActiveAfterDay ?? current.isBotActiveAfterDay;
  return botAfterDay
    ? null
    : { field: 'isBotAutoAssignActiveAfterDay', message: BOT_AFTER_DAY_REQUIRED_MESSAGE };
}
