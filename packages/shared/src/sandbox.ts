// The sandbox platform: a test channel fed by the customer simulator, linked to a device by a QR code.

/** A text containing this mark is refused by the sandbox like a provider error (to try failed sends). */
export const SANDBOX_FAILURE_MARK = '#fallo';

export const SANDBOX_MESSAGES = {
  chooseChannel: 'Elige un canal de prueba',
  textRequired: 'Escribe un mensaje',
  nameTooLong: 'El nombre es demasiado largo',
  simulatorOnly: 'El simulador solo funciona con canales de prueba.',
  simulatedFailure: `Error simulado del canal de prueba: el texto contiene ${SANDBOX_FAILURE_MARK}`,
  qrInvalid: 'El código QR no es válido. Genera uno nuevo.',
  qrExpired: 'El código QR expiró. Genera uno nuevo.',
  notQrLinked: 'Este canal no se vincula con código QR.',
  noLinkedDevice: 'Este canal no tiene un dispositivo vinculado.',
  alreadyLinked: 'Este canal ya está vinculado. Cierra la sesión para vincularlo de nuevo.',
  replyNotOffered: 'Esa opción no está en ningún mensaje del bot de esta conversación.',
} as const;
