/** The support mailbox when the company has no onboarding record to attach a request to (the API's default). */
export const SUPPORT_EMAIL = 'soporte@charla.local';

export interface HelpGuide {
  key: string;
  title: string;
  /** The screen the guide is about. */
  path: string;
  summary: string;
  steps: readonly string[];
}

// One guide per main screen of the top bar (01 §2.2, 02 §2).
export const HELP_GUIDES: readonly HelpGuide[] = [
  {
    key: 'chat',
    title: 'Chat',
    path: '/chat',
    summary: 'Atiende las conversaciones de tus clientes de WhatsApp y Messenger en un solo lugar.',
    steps: [
      'Elige una conversación de la lista; las pestañas separan las asignadas a ti, las sin asignar y las archivadas.',
      'Escribe tu respuesta abajo; puedes adjuntar archivos, usar respuestas rápidas con “/” y enviar plantillas.',
      'Fuera de la ventana de 24 horas de WhatsApp solo puedes enviar plantillas aprobadas.',
      'Asigna la conversación a otro agente, agrega etiquetas o archívala desde la parte superior del chat.',
    ],
  },
  {
    key: 'contactos',
    title: 'Contactos',
    path: '/contacts',
    summary: 'Consulta, crea, importa y exporta a tus clientes.',
    steps: [
      'Busca por nombre o teléfono y filtra por etiqueta o categoría.',
      'Importa contactos desde un archivo CSV o de Excel; se detecta la codificación y se conservan los acentos.',
      'Exporta la lista a CSV; los teléfonos se incluyen solo si tu rol puede verlos.',
    ],
  },
  {
    key: 'campanas',
    title: 'Campañas',
    path: '/broadcast/table',
    summary: 'Envía mensajes masivos con plantillas de WhatsApp a tus clientes etiquetados.',
    steps: [
      'Pulsa “Nueva campaña”, elige el canal y las etiquetas de los destinatarios.',
      'Selecciona una plantilla aprobada y, si lo necesita, el archivo multimedia.',
      'Programa la fecha de envío o envíala de inmediato y revisa el costo estimado antes de confirmar.',
      'En la tabla de campañas consulta el estado y los mensajes enviados, entregados, leídos y fallidos.',
    ],
  },
  {
    key: 'bot',
    title: 'Bot',
    path: '/bot',
    summary: 'Configura el menú automático que responde a tus clientes mientras un agente los atiende.',
    steps: [
      'Crea las opciones del menú y la respuesta de cada una.',
      'Decide qué opciones transfieren la conversación a un agente o a un equipo.',
      'Activa el bot en el canal que quieras y pruébalo con el simulador de clientes.',
    ],
  },
  {
    key: 'canales',
    title: 'Canales',
    path: '/spaces',
    summary: 'Administra tus espacios y los números de WhatsApp y páginas de Messenger conectados.',
    steps: [
      'Crea espacios para separar equipos o sucursales y asigna usuarios a cada uno.',
      'Conecta un número de WhatsApp o una página de Messenger desde “Nuevo canal”.',
      'Consulta la calidad y el límite diario de mensajes de cada número.',
    ],
  },
  {
    key: 'configuracion',
    title: 'Configuración',
    path: '/config',
    summary: 'Ajusta etiquetas, roles, campos de contacto, plantillas y los datos de tu empresa.',
    steps: [
      'Crea etiquetas para clasificar conversaciones y contactos.',
      'Define roles con los permisos de cada tipo de usuario.',
      'Agrega campos personalizados a la ficha de tus contactos.',
      'Crea plantillas de WhatsApp y envíalas a revisión.',
    ],
  },
  {
    key: 'cuenta',
    title: 'Cuenta',
    path: '/account',
    summary: 'Consulta tu plan, tus tarjetas, tus facturas y la fecha de tu próximo cargo.',
    steps: [
      'Cambia de plan o el número de agentes y conversaciones.',
      'Agrega una tarjeta, márcala como predeterminada o elimina las que ya no uses.',
      'Cancela tu suscripción: seguirá activa hasta el final del periodo pagado.',
    ],
  },
  {
    key: 'estadisticas',
    title: 'Estadísticas',
    path: '/analytics',
    summary: 'Mide los mensajes, las conversaciones atendidas y el desempeño de tus agentes.',
    steps: [
      'Elige el rango de fechas; está limitado a los días que incluye tu plan.',
      'Revisa los mensajes por canal, las conversaciones respondidas y sin responder y la hora con más mensajes.',
      'Consulta el detalle por agente en la pestaña de agentes.',
    ],
  },
];

export interface InstructionVideo {
  key: string;
  title: string;
  steps: readonly string[];
}

// The instructions the linking pages send (01 §2.5): the e-mailed video and the QR point to this section.
export const INSTRUCTION_VIDEOS: readonly InstructionVideo[] = [
  {
    key: 'same-number',
    title: 'Usar el número que ya tienes en WhatsApp',
    steps: [
      'Respalda tus chats en WhatsApp: Ajustes › Chats › Copia de seguridad.',
      'Elimina la cuenta del número en la aplicación: Ajustes › Cuenta › Eliminar cuenta.',
      'Espera unos minutos y vuelve a esta página para vincular el número.',
      'Ten a la mano el teléfono con la SIM: recibirás un código por SMS o llamada.',
    ],
  },
  {
    key: 'new-number',
    title: 'Usar un número nuevo',
    steps: [
      'Consigue una SIM que no esté registrada en WhatsApp.',
      'Coloca la SIM en un teléfono para recibir el código de verificación.',
      'Vincula el número desde la página de vinculación.',
    ],
  },
  {
    key: 'link',
    title: 'Vincular tu número con el proveedor',
    steps: [
      'Entra desde una computadora y pulsa “Terminar configuración yo mismo”.',
      'Elige conectar: se abre una ventana del proveedor; inicia sesión con la cuenta que administra tu negocio.',
      'Selecciona o crea tu cuenta de WhatsApp Business y escribe el número y el código que recibes.',
      'Al terminar, completa el perfil de tu negocio y envía un mensaje de prueba con el código QR.',
    ],
  },
];

/** Lowercase without accents, so 'campana' finds 'Campañas' and 'configuracion' finds 'Configuración'. */
export function normalizeSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

export function filterGuides(guides: readonly HelpGuide[], query: string): HelpGuide[] {
  const wanted = normalizeSearch(query);
  if (wanted === '') return [...guides];
  return guides.filter((guide) =>
    normalizeSearch([guide.title, guide.summary, ...guide.steps].join(' ')).includes(wanted),
  );
}
