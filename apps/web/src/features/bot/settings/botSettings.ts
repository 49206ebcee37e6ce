import type { CompanySettingKey } from '@crm/shared';

/** The company flags that belong to the bots. */
export type BotSettingKey = Extract<
  CompanySettingKey,
  | 'isBotAutoAssignActive'
  | 'isBotActiveAfterDay'
  | 'isBotAutoAssignActiveAfterDay'
  | 'isWelcomeMessageActive'
  | 'sentClientSurveyByDefault'
>;

export interface BotSettingDescription {
  key: BotSettingKey;
  label: string;
  help: string;
}

/**
 * 02 §3 company settings that belong to the bots, as the 'Chatbot' configuration tab shows them. The 'Empresa' tab
 * leaves these out (BOT_SETTING_KEYS) so each setting has one place.
 */
export const BOT_SETTINGS: readonly BotSettingDescription[] = [
  {
    key: 'isBotAutoAssignActive',
    label: 'Asignación automática del bot',
    help: 'Al terminar, el bot de menú asigna la conversación según las reglas de asignación de la empresa.',
  },
  {
    key: 'isBotActiveAfterDay',
    label: 'Bot activo después de 24 h',
    help: 'El bot de menú vuelve a responder a quien escribe tras 24 horas sin conversación.',
  },
  {
    key: 'isBotAutoAssignActiveAfterDay',
    label: 'Asignación automática del bot después de 24 h',
    help: 'Requiere el bot activo después de 24 h.',
  },
  {
    key: 'isWelcomeMessageActive',
    label: 'Mensaje de bienvenida',
    help: 'Los clientes nuevos reciben el mensaje de bienvenida de su canal.',
  },
  {
    key: 'sentClientSurveyByDefault',
    label: 'Enviar la encuesta al cerrar',
    help: 'Al cerrar una conversación se envía la encuesta de satisfacción del canal por defecto.',
  },
];

export const BOT_SETTING_KEYS: ReadonlySet<CompanySettingKey> = new Set(
  BOT_SETTINGS.map((setting) => setting.key),
);
