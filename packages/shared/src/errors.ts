// 01 §8 / 02 §8: unknown codes show this text.
export const GENERIC_ERROR_MESSAGE = 'Ha ocurrido un error';

// 01 §8: texts the product shows on screen beside a code.
export const ONBOARDING_ERROR_MESSAGE = 'Ha ocurrido un error, inténtalo de nuevo más tarde.';
export const TWO_FACTOR_WRONG_CODE_MESSAGE = 'El código es incorrecto, por favor intenta de nuevo.';
export const TWO_FACTOR_GENERIC_ERROR_MESSAGE = 'Ocurrió un error, por favor intenta de nuevo.';
export const CAMPAIGN_CREATION_ERROR_MESSAGE = 'Error al crear la campaña';
export const ANALYTICS_FETCH_ERROR_MESSAGE =
  'Error al obtener los datos de estadísticas, por favor comuníquese con soporte.';
export const ANALYTICS_ROW_CAP_WARNING =
  'Los datos de estadísticas están limitados a 500 registros, si necesitas el reporte completo solicítalo a soporte.';
export const PROFILE_GENERIC_ERROR_MESSAGE = 'Hubo un error al agregar tu información de perfil';
export const LINKING_ERROR_MESSAGE =
  'Hubo un error al vincular tu número de WhatsApp. Por favor, contacta al equipo de soporte.';
export const CAMPAIGN_DELETE_CONFIRMATION = '¿Seguro que quieres eliminar esta campaña?';
export const OFFLINE_WARNING_MESSAGE = 'Revisa tu conexión a Internet';
export const ONLINE_SUCCESS_MESSAGE = 'Conexión restablecida';

const SESSION_EXPIRED = 'Tu sesión ha expirado, inicia sesión de nuevo.';
const PAY_SUPPORT = 'No pudimos procesar tu pago. Por favor, contacta al equipo de soporte.';
const EMAIL_TAKEN = 'Este correo ya está registrado.';
const ROLE_NAME_TAKEN = 'Ya existe un rol con ese nombre.';
const EMPTY_PERMISSIONS = 'Selecciona al menos un permiso para el rol.';
const TEMPLATE_NAME_TAKEN = 'Ya existe una plantilla con ese nombre.';

export interface ErrorDefinition {
  status: number;
  userMessage: string;
}

// Status rule: 400 validation/business rule, 404 not found, 409 duplicate, 500 a failure on our side.
export const ERROR_CATALOGUE = {
  // Product-wide codes (ARCHITECTURE §Errors).
  UNAUTHORIZED: { status: 401, userMessage: SESSION_EXPIRED },
  INVALID_TOKEN: { status: 401, userMessage: SESSION_EXPIRED },
  FORBIDDEN: { status: 403, userMessage: 'No tienes permiso para realizar esta acción.' },
  VALIDATION_ERROR: { status: 400, userMessage: 'Revisa los datos enviados.' },
  // A body larger than its route takes (uploads answer FILE_TOO_LARGE instead).
  PAYLOAD_TOO_LARGE: { status: 413, userMessage: 'La solicitud es demasiado grande.' },
  NOT_FOUND: { status: 404, userMessage: 'No se encontró el recurso solicitado.' },
  INVALID_CREDENTIALS: { status: 401, userMessage: 'Correo o contraseña incorrectos.' },
  TWO_FACTOR_REQUIRED: { status: 401, userMessage: 'Ingresa el código de tu aplicación de autenticación.' },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    userMessage: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
  },
  RESET_TOKEN_INVALID: {
    status: 400,
    userMessage: 'El enlace para restablecer la contraseña no es válido o ha expirado.',
  },
  EMAIL_CODE_RESEND_TOO_SOON: {
    status: 429,
    userMessage: 'Espera 60 segundos antes de solicitar un nuevo código.',
  },
  INTERNAL_ERROR: { status: 500, userMessage: GENERIC_ERROR_MESSAGE },
  // GET /ready: the database does not answer or a migration is not applied (issue 22, for load balancers).
  SERVICE_NOT_READY: { status: 503, userMessage: 'El servicio no está disponible por el momento.' },
  INVALID_SIGNATURE: { status: 401, userMessage: 'La firma de la solicitud no es válida.' },

  // 01 §8 Registration and onboarding.
  USER_WITH_SAME_EMAIL: { status: 409, userMessage: EMAIL_TAKEN },
  EMAIL_ALREADY_USED: { status: 409, userMessage: EMAIL_TAKEN },
  COMPANY_ALREADY_EXISTS: { status: 409, userMessage: 'Ya existe una compañía con ese nombre.' },
  ERROR_ADDING_COMPANY: {
    status: 409,
    userMessage: 'No se pudo registrar la compañía; el nombre ya está en uso.',
  },
  EMAIL_VERIFICATION_NOT_FOUND: {
    status: 404,
    userMessage: 'No encontramos una verificación pendiente para este correo.',
  },
  // 01 §8 / 02 §8 both describe this code as "e-mail not found", hence 404 despite its ERROR_GETTING_ name.
  ERROR_GETTING_USER: { status: 404, userMessage: 'No encontramos una cuenta con ese correo.' },
  ERROR_updateScore: { status: 500, userMessage: ONBOARDING_ERROR_MESSAGE },
  'ERROR_update step': { status: 500, userMessage: ONBOARDING_ERROR_MESSAGE },
  CANNOT_SET_ONBOARDING_USER_DATA: { status: 400, userMessage: ONBOARDING_ERROR_MESSAGE },
  CANNOT_SET_ONBOARDING_STEP: { status: 400, userMessage: ONBOARDING_ERROR_MESSAGE },
  CANNOT_SET_ONBOARDING_PREV_STEP: { status: 400, userMessage: ONBOARDING_ERROR_MESSAGE },
  // Issue 19: a sign-up record id that does not exist (or is not a record id at all).
  ONBOARDING_NOT_FOUND: { status: 404, userMessage: 'No encontramos tu registro. Empieza de nuevo.' },
  // Issue 19: a finished sign-up cannot be changed any more; its user signs in instead.
  ONBOARDING_ALREADY_FINISHED: {
    status: 409,
    userMessage: 'Este registro ya terminó. Inicia sesión para continuar.',
  },

  // 01 §8 Two-factor.
  ERROR_CHECKING_CODE: { status: 400, userMessage: TWO_FACTOR_WRONG_CODE_MESSAGE },
  ERROR_CHECKING_QR_CODE: { status: 400, userMessage: TWO_FACTOR_WRONG_CODE_MESSAGE },

  // 01 §8 Payment and card.
  REQUIRES_PAYMENT_METHOD: {
    status: 400,
    userMessage: 'No pudimos cobrar con esta tarjeta. Intenta con otra.',
  },
  ERROR_CREATING_FIRST_PAYMENT: { status: 500, userMessage: PAY_SUPPORT },
  UNKNOWN_PAYMENT_STATUS: { status: 500, userMessage: PAY_SUPPORT },
  ERROR_UPDATING_PAYMENT_METHOD: { status: 500, userMessage: 'No se pudo actualizar el método de pago.' },
  PROCESSING_ERROR: {
    status: 400,
    userMessage: 'Ocurrió un error al procesar la tarjeta. Intenta de nuevo.',
  },
  INCORRECT_CVC: { status: 400, userMessage: 'El código de seguridad de la tarjeta es incorrecto.' },
  EXPIRED_CARD: { status: 400, userMessage: 'La tarjeta ha expirado.' },
  CARD_DECLINED: { status: 400, userMessage: 'La tarjeta fue rechazada.' },
  INCORRECT_PLAN_KEY: { status: 400, userMessage: 'El plan seleccionado no es válido.' },
  INCOMPLETE_NUMBER: { status: 400, userMessage: 'El número de la tarjeta está incompleto.' },
  INVALID_NUMBER: { status: 400, userMessage: 'El número de la tarjeta no es válido.' },
  INCOMPLETE_EXPIRY: { status: 400, userMessage: 'La fecha de vencimiento está incompleta.' },
  INVALID_EXPIRY: { status: 400, userMessage: 'La fecha de vencimiento no es válida.' },
  INCOMPLETE_CVC: { status: 400, userMessage: 'El código de seguridad está incompleto.' },
  INVALID_CVC: { status: 400, userMessage: 'El código de seguridad no es válido.' },

  // 01 §8 Campaigns and analytics.
  ERROR_CREATING_CAMPAIGN: { status: 500, userMessage: CAMPAIGN_CREATION_ERROR_MESSAGE },
  CAMPAIGN_NOT_FOUND: { status: 404, userMessage: 'La campaña no existe' },
  ERROR_GETTING_CAMPAIGNS: { status: 500, userMessage: 'Error al obtener las campañas' },
  ERROR_DELETING_CAMPAIGNS: { status: 500, userMessage: 'Error al eliminar la campaña' },
  // Issue 18: 01 §2.7 'Baja' blocks sending; the API refuses the creation too.
  CAMPAIGN_QUALITY_BLOCKED: {
    status: 400,
    userMessage: 'La calidad de tu número es Baja: WhatsApp no permite enviar campañas hasta que mejore.',
  },
  ERROR_GETTING_ANALYTICS: { status: 500, userMessage: ANALYTICS_FETCH_ERROR_MESSAGE },
  // Issue 20: the range rules of 01 §5 enforced by the API (the text names the company's limit when thrown).
  ANALYTICS_RANGE_TOO_LONG: {
    status: 400,
    userMessage: 'El rango de fechas excede el límite de días de tu compañía.',
  },
  ANALYTICS_INVALID_RANGE: { status: 400, userMessage: 'El rango de fechas no es válido.' },
  REPORT_NOT_FOUND: { status: 404, userMessage: 'El destinatario del reporte no existe' },
  REPORT_EMAIL_TAKEN: { status: 400, userMessage: 'Ese correo ya recibe el reporte' },
  // Issue 21: boards (02 §2, §3, §7); 01 §2.2 the company may have them switched off.
  BOARD_NOT_FOUND: { status: 404, userMessage: 'El tablero no existe' },
  BOARDS_DISABLED: { status: 403, userMessage: 'Los tableros no están activos en tu compañía.' },

  // 01 §8 WhatsApp profile and linking.
  UPLOADING_ABOUT_ERROR: { status: 500, userMessage: 'Hubo un error al actualizar la descripción' },
  UPLOADING_BUSINESS_INFO_ERROR: {
    status: 500,
    userMessage: 'Hubo un error al actualizar la información del negocio',
  },
  UPLOADING_PHOTO_ERROR: { status: 500, userMessage: 'Hubo un error al actualizar la foto de perfil' },
  ERROR_UPDATING_PROFILE: { status: 500, userMessage: PROFILE_GENERIC_ERROR_MESSAGE },
  ERROR_LINKING_WHATSAPP: { status: 500, userMessage: LINKING_ERROR_MESSAGE },
  // Issue 19 linking: the provider failed (502) or refused what the linking flow returned (400).
  WHATSAPP_LINKING_FAILED: { status: 502, userMessage: LINKING_ERROR_MESSAGE },
  WHATSAPP_LINKING_REFUSED: { status: 400, userMessage: LINKING_ERROR_MESSAGE },

  // 01 §8 Import; the spec's toast is English ('Error importing contacts'), shown here in Spanish.
  ERROR_IMPORTING_CONTACTS: { status: 500, userMessage: 'Error al importar los contactos' },
  CONTACT_IMPORT_NOT_FOUND: { status: 404, userMessage: 'La importación no existe' },
  IMPORT_TOO_MANY_CONTACTS: { status: 400, userMessage: 'El archivo no puede tener más de 5000 contactos.' },

  // 01 §5 / 02 §5 Uploads.
  FILE_TYPE_NOT_ALLOWED: { status: 400, userMessage: 'Tipo de archivo no permitido' },
  FILE_EMPTY: { status: 400, userMessage: 'Archivo vacío o corrupto' },
  FILE_TOO_LARGE: { status: 413, userMessage: 'Archivo demasiado grande (máximo 100 MB)' },
  TOO_MANY_FILES: { status: 400, userMessage: 'Límite de 10 archivos excedido' },

  // 02 §8 Users.
  REACH_USERS_LIMIT_ERROR: { status: 400, userMessage: 'Alcanzaste el límite de usuarios de tu plan.' },
  REACH_ADMINS_LIMIT_ERROR: {
    status: 400,
    userMessage: 'Alcanzaste el límite de administradores de tu plan.',
  },
  USER_LIMIT_REACHED: { status: 400, userMessage: 'Alcanzaste el límite de usuarios de tu plan.' },
  ERROR_CREATING_USER: { status: 500, userMessage: 'No se pudo crear el usuario.' },
  SUPERADMIN_CANNOT_BE_DELETED: { status: 400, userMessage: 'El superadministrador no se puede eliminar.' },
  USER_WITH_EMAIL_NOT_FOUND: { status: 404, userMessage: 'No existe un usuario con ese correo.' },
  AGENTS_NOT_FOUND: { status: 404, userMessage: 'No se encontraron agentes.' },
  ERROR_GETTING_AGENTS: { status: 500, userMessage: 'Error al obtener los agentes' },
  ERROR_UPDATING_AVAILABILITY: { status: 500, userMessage: 'No se pudo actualizar la disponibilidad.' },
  ERROR_UPDATING_USER_NAME: { status: 500, userMessage: 'No se pudo actualizar el nombre.' },
  ERROR_UPDATING_USER_PHONE: { status: 500, userMessage: 'No se pudo actualizar el teléfono.' },
  SHOULD_SELECT_AT_LEAST_ONE_SPACE: { status: 400, userMessage: 'Selecciona al menos un espacio.' },

  // 02 §8 Conversations and contacts.
  ERROR_REASSIGNING_AGENT: { status: 500, userMessage: 'No se pudo reasignar la conversación.' },
  ERROR_ADDING_TAG: { status: 500, userMessage: 'No se pudo agregar la etiqueta.' },
  ERROR_REMOVING_TAG: { status: 500, userMessage: 'No se pudo quitar la etiqueta.' },
  ERROR_AT_CHECKING_EXISTED_PHONE: {
    status: 500,
    userMessage: 'No se pudo comprobar si el teléfono ya existe.',
  },
  PHONE_ALREADY_USED: { status: 409, userMessage: 'Ya existe un contacto con ese teléfono en este canal.' },
  ERROR_UPDATING_VALUABLE_CLASSIFICATION: {
    status: 500,
    userMessage: 'No se pudo actualizar la clasificación de la conversación.',
  },
  ERROR_GETTING_REPORT: { status: 500, userMessage: 'Error al obtener el reporte' },
  CANNOT_GET_CONTACTS: { status: 500, userMessage: 'Error al obtener los contactos' },
  ERROR_SENDING_TO_CRM: { status: 400, userMessage: 'Error al enviar información al CRM' },
  ERROR_GETTING_CLIENT_INFO: { status: 500, userMessage: 'Error al obtener información del cliente' },

  // 02 §8 Messages.
  // Issue 3: free text outside WhatsApp's 24-hour window; only an approved template may open it again.
  TEMPLATE_REQUIRED: {
    status: 400,
    userMessage: 'Pasaron más de 24 horas desde el último mensaje del cliente: envía una plantilla aprobada.',
  },
  // Provider adapters (issue 3): what a failed send means, for the person who sent it.
  PROVIDER_RATE_LIMITED: {
    status: 429,
    userMessage: 'El proveedor limitó los envíos; reintentaremos en unos momentos.',
  },
  PROVIDER_UNAVAILABLE: {
    status: 503,
    userMessage: 'El proveedor no responde; reintentaremos en unos momentos.',
  },
  PROVIDER_UNDELIVERABLE: { status: 400, userMessage: 'El mensaje no se pudo entregar a este número.' },
  PROVIDER_AUTH_ERROR: {
    status: 400,
    userMessage: 'La conexión del canal con el proveedor expiró; vuelve a vincularlo.',
  },
  PROVIDER_INVALID_RECIPIENT: { status: 400, userMessage: 'El número del destinatario no es válido.' },
  RECIPIENT_UNSUBSCRIBED: { status: 400, userMessage: 'El destinatario pidió no recibir más mensajes.' },
  TEMPLATE_ERROR: {
    status: 400,
    userMessage: 'La plantilla fue rechazada por el proveedor; revisa sus variables.',
  },
  UNSUPPORTED_CONTENT: { status: 400, userMessage: 'Este canal no admite ese tipo de mensaje.' },
  MESSAGE_NOT_FOUND: { status: 404, userMessage: 'No se encontró el mensaje.' },
  CONVERSATION_NOT_FOUND: { status: 404, userMessage: 'No se encontró la conversación.' },
  FACEBOOK_MESSAGE_ERROR: {
    status: 400,
    userMessage: 'No puedes enviar mensajes fuera de la ventana de 7 días de Messenger.',
  },
  OUTSIDE_MESSAGING_WINDOW: {
    status: 400,
    userMessage: 'Han pasado más de 24 horas desde el último mensaje del cliente; envía una plantilla.',
  },
  SEND_MESSAGE_ERROR: { status: 500, userMessage: 'No se pudo enviar el mensaje.' },
  ERROR_NOT_SEEN_MESSAGE: { status: 500, userMessage: 'No se pudo marcar el mensaje como no leído.' },
  ERROR_GETTING_MESSAGES: { status: 500, userMessage: 'Error al obtener los mensajes' },
  ERROR_GETTING_MESSAGES_INFO: {
    status: 500,
    userMessage: 'Error al obtener la información de los mensajes',
  },
  ERROR_DELETING_MESSAGE: { status: 500, userMessage: 'No se pudo eliminar el mensaje.' },
  ERROR_GET_CONTACT_MESSAGE: { status: 500, userMessage: 'Error al obtener el contacto del mensaje' },

  // 02 §8 Follow-up messages.
  ERROR_GETTING_FOLLOW_UP_MESSAGES: { status: 500, userMessage: 'Error al obtener los mensajes programados' },
  ERROR_CREATING_FOLLOW_UP_MESSAGE: { status: 500, userMessage: 'No se pudo programar el mensaje.' },
  ERROR_ROLLING_BACK_FOLLOW_UP_MESSAGE: {
    status: 500,
    userMessage: 'No se pudo deshacer el mensaje programado.',
  },
  ERROR_UPDATING_FOLLOW_UP_MESSAGE: {
    status: 500,
    userMessage: 'No se pudo actualizar el mensaje programado.',
  },

  // 02 §8 Tags.
  ERROR_CREATING_TAG: { status: 500, userMessage: 'No se pudo crear la etiqueta.' },
  ERROR_GETTING_TAGS: { status: 500, userMessage: 'Error al obtener las etiquetas' },
  ERROR_DELETING_TAG: { status: 500, userMessage: 'No se pudo eliminar la etiqueta.' },
  ERROR_UPDATING_TAG: { status: 500, userMessage: 'No se pudo actualizar la etiqueta.' },
  ERROR_CREATING_TAG_DUPLICATED: { status: 409, userMessage: 'Ya existe una etiqueta con ese nombre.' },
  TAG_NAME_EMPTY: { status: 400, userMessage: 'El nombre de la etiqueta no puede estar vacío.' },
  TAGS_LIMIT_REACHED: { status: 400, userMessage: 'Alcanzaste el límite de 50 etiquetas.' },
  PREDEFINED_TAG_CANNOT_BE_MODIFIED: {
    status: 400,
    userMessage: 'Las etiquetas predefinidas no se pueden editar ni eliminar.',
  },

  // 02 §8 Data sheet.
  ERROR_DATASHEETFIELD_NAME: { status: 409, userMessage: 'Ya existe un campo con ese nombre.' },
  ERROR_CREATING_DATASHEETFIELD: { status: 500, userMessage: 'No se pudo crear el campo.' },
  ERROR_UPDATING_DATASHEETFIELD: { status: 500, userMessage: 'No se pudo actualizar el campo.' },
  ERROR_SAVING_CLIENT_INFORMATION: {
    status: 500,
    userMessage: 'No se pudo guardar la información del cliente.',
  },
  PREDEFINED_FIELD_CANNOT_BE_MODIFIED: {
    status: 400,
    userMessage: 'Los campos predefinidos no se pueden editar ni eliminar.',
  },

  // 01 §8 / 02 §8 Roles; both spellings of the empty-permissions code exist in the product.
  // ROLE_ALREADY_EXISTS: another role already has exactly the chosen permissions (the name has its own code).
  ROLE_ALREADY_EXISTS: { status: 409, userMessage: 'Ya existe un rol con los mismos permisos.' },
  ROLE_WITH_SAME_NAME_ERROR: { status: 409, userMessage: ROLE_NAME_TAKEN },
  ADMIN_ROLES_CANNOT_BE_DELETED: {
    status: 400,
    userMessage: 'Los roles de administrador no se pueden eliminar.',
  },
  SUPERADMIN_ROLE_CANNOT_BE_EDITED: {
    status: 400,
    userMessage: 'El rol de superadministrador no se puede editar ni eliminar.',
  },
  ROLE_ASSIGNED_TO_USERS: { status: 400, userMessage: 'No se puede eliminar un rol asignado a usuarios.' },
  ERROR_UPDATING_ROLE: { status: 500, userMessage: 'No se pudo actualizar el rol.' },
  EMPTY_PERMISSSIONS_ERROR: { status: 400, userMessage: EMPTY_PERMISSIONS },
  EMPTY_PERMISSSIIONS_ERROR: { status: 400, userMessage: EMPTY_PERMISSIONS },
  ERROR_CREATING_ERROR: { status: 500, userMessage: 'No se pudo crear el rol.' },
  ERROR_GETTING_PERMISSIONS: { status: 500, userMessage: 'Error al obtener los permisos' },

  // 02 §8 Spaces and channels.
  ERROR_EMPTY_CHANNELS: { status: 400, userMessage: 'Selecciona al menos un canal.' },
  ERROR_GETTING_CHANNELS: { status: 500, userMessage: 'Error al obtener los canales' },
  ERROR_GETTING_SPACES: { status: 500, userMessage: 'Error al obtener los espacios' },
  ERROR_EMPTY_SPACE_NAME: { status: 400, userMessage: 'El nombre del espacio es obligatorio.' },
  ERROR_UPDATING_SPACE: { status: 500, userMessage: 'No se pudo actualizar el espacio.' },
  ERROR_DELETING_SPACE: { status: 500, userMessage: 'No se pudo eliminar el espacio.' },
  NOT_FOUND_SPACE: { status: 404, userMessage: 'No se encontró el espacio.' },
  ERROR_DUPLICATED_SPACE: { status: 409, userMessage: 'Ya existe un espacio con ese nombre.' },
  DEFAULT_SPACE_CANNOT_BE_MODIFIED: {
    status: 400,
    userMessage: 'El espacio predeterminado no se puede editar ni eliminar.',
  },
  THERE_IS_NO_AVAILABLE_CHANNELS: { status: 400, userMessage: 'No hay canales disponibles.' },
  ERROR_ACTIVE_CHANNEL_NOT_FOUND: { status: 404, userMessage: 'No se encontró un canal activo.' },
  ERROR_GETTING_AVAILABLE_WHATSAPP_INSTANCES: {
    status: 500,
    userMessage: 'Error al obtener las líneas de WhatsApp disponibles',
  },
  ERROR_UPDATING_CHATBOT_STATUS: { status: 500, userMessage: 'No se pudo actualizar el estado del chatbot.' },
  ERROR_UPDATING_CHANNEL_NAME: { status: 500, userMessage: 'No se pudo actualizar el nombre del canal.' },
  WHATSAPP_SLOTS_LIMIT_REACHED: { status: 400, userMessage: 'Alcanzaste el límite de líneas de WhatsApp.' },
  // A number connected by hand that is a channel already (unique per provider across companies).
  CHANNEL_ALREADY_CONNECTED: { status: 409, userMessage: 'Este número ya está conectado como canal.' },

  // 02 §8 Albums.
  ERROR_CREATING_ALBUM: { status: 500, userMessage: 'No se pudo crear el álbum.' },
  ERROR_UPDATING_ALBUM: { status: 500, userMessage: 'No se pudo actualizar el álbum.' },
  ERROR_DUPLICATED_ALBUM: { status: 409, userMessage: 'Ya existe un álbum con ese nombre.' },
  ERROR_DUPLICATED_FILE: { status: 409, userMessage: 'Ya existe un archivo con ese nombre.' },

  // 02 §8 Quick answers.
  SHORTCUT_ALREADY_EXISTS: { status: 409, userMessage: 'Ya existe una respuesta rápida con ese atajo.' },
  ERROR_GETTING_QUICK_ANSWERS: { status: 500, userMessage: 'Error al obtener las respuestas rápidas' },
  ERROR_DELETING_QUICK_ANSWER: { status: 500, userMessage: 'No se pudo eliminar la respuesta rápida.' },

  // 02 §8 WhatsApp templates.
  TEMPLATE_ALREADY_EXISTS: { status: 409, userMessage: TEMPLATE_NAME_TAKEN },
  TEMPLATE_NAME_NOT_AVAILABLE: { status: 409, userMessage: 'El nombre de la plantilla no está disponible.' },
  TEMPLATE_IN_USE: {
    status: 409,
    userMessage: 'La plantilla está en uso por bots o mensajes programados y no se puede eliminar.',
  },
  WHATSAPP_TEMPLATES_LIMIT_REACHED: { status: 400, userMessage: 'Alcanzaste el límite de plantillas.' },
  SELECTED_VARIABLE_INVALID: { status: 400, userMessage: 'La selección no es válida como variable.' },
  EMPTY_EDITOR_CONTENT_ERROR: { status: 400, userMessage: 'El mensaje no puede estar vacío.' },
  INPUT_SIZE_LIMIT_ERROR: { status: 400, userMessage: 'El mensaje no debe exceder los 1024 caracteres' },
  INCOMING_TEXT_FORMAT_ERROR: { status: 400, userMessage: 'Solo se permite texto en el mensaje.' },
  EMPTY_TYPE_ERROR: { status: 400, userMessage: 'Selecciona un tipo de plantilla.' },
  EMPTY_CATEGORY_ERROR: { status: 400, userMessage: 'Selecciona una categoría.' },
  VARIABLES_WARNING: { status: 400, userMessage: 'Selecciona el texto que quieres quitar como variable.' },
  ERROR_DELETING_WHATSAPPTEMPLATE: { status: 500, userMessage: 'No se pudo eliminar la plantilla.' },
  ERROR_GET_WHATSAPP_TEMPLATE_VARIABLES: {
    status: 500,
    userMessage: 'Error al obtener las variables de la plantilla',
  },
  // Issue 16: template refusals the spec does not name.
  TEMPLATE_NOT_FOUND: { status: 404, userMessage: 'No se encontró la plantilla.' },
  TEMPLATES_NOT_SUPPORTED: { status: 400, userMessage: 'Este canal no admite plantillas de WhatsApp.' },
  TEMPLATE_MEDIA_UPLOAD_ERROR: { status: 500, userMessage: 'No se pudo subir el archivo del encabezado.' },

  // 02 §8 Bots and surveys.
  ERROR_GETTING_BOTFOLLOWUP_MESSAGE: { status: 500, userMessage: 'Error al obtener los mensajes del bot' },
  ERROR_createSurveyConfig: { status: 500, userMessage: 'No se pudo crear la encuesta.' },
  ERROR_GETTING_surveyConfigs: { status: 500, userMessage: 'Error al obtener las encuestas' },
  ERROR_getLastSurveyInfos: { status: 500, userMessage: 'Error al obtener la última encuesta' },
  ERROR_updateSurveyConfig: { status: 500, userMessage: 'No se pudo actualizar la encuesta.' },
  ERROR_deleteManySurveyOptions: { status: 500, userMessage: 'No se pudieron eliminar las opciones.' },

  // 02 §8 Filters and app.
  ERROR_GETTING_CATEGORIES: { status: 500, userMessage: 'Error al obtener las categorias' },
  ERROR_SAVING_FILTERS: { status: 500, userMessage: 'No se pudieron guardar los filtros.' },
  'ERROR_CLEANING FILTERS': { status: 500, userMessage: 'No se pudieron limpiar los filtros.' },
  ERROR_SETTING_APP_STATUS: { status: 500, userMessage: 'No se pudo actualizar el estado de la aplicación.' },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function isErrorCode(x: string): x is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, x);
}

// 01 §8: unknown codes show the generic text.
export function userMessageFor(code: string | null | undefined): string {
  if (!code || !isErrorCode(code)) return GENERIC_ERROR_MESSAGE;
  return ERROR_CATALOGUE[code].userMessage;
}

// An unknown code is a failure we did not anticipate, hence 500.
export function httpStatusFor(code: string): number {
  return isErrorCode(code) ? ERROR_CATALOGUE[code].status : 500;
}

export interface ApiErrorBody {
  code: string;
  message: string;
  userMessage: string;
  field?: string;
  fields?: Record<string, string>;
  /** What a refusal is about, when a code needs more than its text (TEMPLATE_IN_USE: what uses the template). */
  details?: Record<string, unknown>;
}
