// 01 §6 / 02 §3: the permission names, in the order the spec lists them.
export const PERMISSION_NAMES = [
  'agent',
  'readChat',
  'readUsers',
  'writeUsers',
  'readSpaces',
  'writeSpaces',
  'readDataSheetConfiguration',
  'writeDataSheetConfiguration',
  'readRols',
  'writeRols',
  'readTags',
  'writeTags',
  'readPayments',
  'writePayments',
  'readCompany',
  'writeCompany',
  'readMultimedia',
  'writeMultimedia',
  'readQuickAnswers',
  'writeQuickAnswers',
  'tagConversations',
  'coldBot',
  'followUp',
  'reasignConversations',
  'readBot',
  'writeBot',
  'readAnalytics',
  'canSeePhoneNumber',
  'deleteConversations',
  'campaigns',
  'whatsappTemplate',
] as const;

export type PermissionName = (typeof PERMISSION_NAMES)[number];

// 02 §6: after login, permissions become a name-to-true map.
export type PermissionMap = Partial<Record<PermissionName, true>>;

// 01 §6: a default permission readChat and an agent permission agent exist.
export const DEFAULT_PERMISSION: PermissionName = 'readChat';
export const AGENT_PERMISSION: PermissionName = 'agent';

export const ROLE_NAMES = {
  admin: 'admin',
  agente: 'agente',
  groupadmin: 'groupadmin',
  superadmin: 'superadmin',
} as const;

export type RoleName = (typeof ROLE_NAMES)[keyof typeof ROLE_NAMES];

// 01 §6: a role used by one specific company only.
export const COMMUNITY_MANAGER_ROLE = 'Community Manager';

const ALL_PERMISSIONS: readonly PermissionName[] = PERMISSION_NAMES;

// The spec does not list per-role defaults (01 §6 "not shown"); these are the product's seed roles.
// readChat is in every set because 02 §5 says the default permission is always added.
export const DEFAULT_ROLE_PERMISSIONS: Record<RoleName, readonly PermissionName[]> = {
  superadmin: ALL_PERMISSIONS,
  admin: ALL_PERMISSIONS,
  groupadmin: [
    'agent',
    'readChat',
    'readUsers',
    'readSpaces',
    'readTags',
    'readMultimedia',
    'writeMultimedia',
    'readQuickAnswers',
    'writeQuickAnswers',
    'tagConversations',
    'coldBot',
    'followUp',
    'reasignConversations',
    'readBot',
    'readAnalytics',
    'canSeePhoneNumber',
  ],
  agente: [
    'agent',
    'readChat',
    'readMultimedia',
    'readQuickAnswers',
    'tagConversations',
    'coldBot',
    'followUp',
  ],
};

// 01 §7 Real-time / 02 §6: these roles receive company-wide events.
export const COMPANY_WIDE_ROLES: readonly RoleName[] = ['admin', 'superadmin', 'groupadmin'];

const PERMISSION_SET: ReadonlySet<string> = new Set(PERMISSION_NAMES);

export function isPermissionName(x: string): x is PermissionName {
  return PERMISSION_SET.has(x);
}

// Unknown names are dropped: a stale role row must not grant anything.
export function toPermissionMap(names: readonly string[]): PermissionMap {
  const map: PermissionMap = {};
  for (const name of names) {
    if (isPermissionName(name)) map[name] = true;
  }
  return map;
}

// 01 §3 User: "permissions (a map from permission name to boolean after login)": every name of 01 §6, true when
// granted, false otherwise, so a client reads `permissions.writeUsers === false` rather than a missing key.
export function fullPermissionMap(perms: PermissionMap): Record<PermissionName, boolean> {
  return Object.fromEntries(PERMISSION_NAMES.map((name) => [name, perms[name] === true])) as Record<
    PermissionName,
    boolean
  >;
}

// 01 §2.3: any one of the listed permissions suffices; a route with no list is open to any signed-in user.
export function hasAnyPermission(perms: PermissionMap, required: readonly PermissionName[]): boolean {
  if (required.length === 0) return true;
  return required.some((name) => perms[name] === true);
}

// 02 §5: a default permission is always added to a role.
export function withDefaultPermission(names: readonly PermissionName[]): PermissionName[] {
  const wanted = new Set<PermissionName>(names);
  wanted.add(DEFAULT_PERMISSION);
  return PERMISSION_NAMES.filter((name) => wanted.has(name));
}

// The role form's Spanish labels, grouped as an admin thinks of them (the spec names the permissions only).
export const PERMISSION_GROUPS: ReadonlyArray<{
  title: string;
  permissions: ReadonlyArray<[PermissionName, string]>;
}> = [
  {
    title: 'Conversaciones',
    permissions: [
      ['readChat', 'Ver el chat'],
      ['agent', 'Atender conversaciones (agente)'],
      ['tagConversations', 'Etiquetar conversaciones'],
      ['reasignConversations', 'Reasignar conversaciones'],
      ['deleteConversations', 'Eliminar conversaciones'],
      ['followUp', 'Programar mensajes de seguimiento'],
      ['coldBot', 'Marcar como frío'],
      ['canSeePhoneNumber', 'Ver números de teléfono'],
    ],
  },
  {
    title: 'Equipo y canales',
    permissions: [
      ['readUsers', 'Ver equipo'],
      ['writeUsers', 'Administrar equipo'],
      ['readSpaces', 'Ver canales y espacios'],
      ['writeSpaces', 'Administrar canales y espacios'],
      ['readRols', 'Ver roles'],
      ['writeRols', 'Administrar roles'],
    ],
  },
  {
    title: 'Configuración',
    permissions: [
      ['readTags', 'Ver etiquetas'],
      ['writeTags', 'Administrar etiquetas'],
      ['readDataSheetConfiguration', 'Ver datos de contacto'],
      ['writeDataSheetConfiguration', 'Administrar datos de contacto'],
      ['readQuickAnswers', 'Ver respuestas rápidas'],
      ['writeQuickAnswers', 'Administrar respuestas rápidas'],
      ['readMultimedia', 'Ver multimedia'],
      ['writeMultimedia', 'Administrar multimedia'],
      ['readCompany', 'Ver datos de la empresa'],
      ['writeCompany', 'Administrar datos de la empresa'],
      ['readPayments', 'Ver pagos'],
      ['writePayments', 'Administrar pagos'],
    ],
  },
  {
    title: 'Bots, campañas y estadísticas',
    permissions: [
      ['readBot', 'Ver bots'],
      ['writeBot', 'Administrar bots'],
      ['campaigns', 'Campañas'],
      ['whatsappTemplate', 'Plantillas de WhatsApp'],
      ['readAnalytics', 'Ver estadísticas'],
    ],
  },
];
