// The error shape of every failed API answer (DESIGN §3), and the French messages shared by both sides.
export interface ApiError {
  success: false;
  error: { code: string; message: string };
}

export const ERROR_MESSAGES = {
  badRequest: 'Requête invalide.',
  malformedJson: 'Le corps de la requête n’est pas un JSON valide.',
  unknownAction: 'Action inconnue.',
  unauthorized: 'Authentification requise.',
  invalidToken: 'Jeton d’accès invalide ou expiré.',
  forbidden: 'Accès refusé.',
  identityMismatch: 'Les identifiants envoyés ne correspondent pas à votre session.',
  notFound: 'Ressource introuvable.',
  apiNotFound: 'Cette adresse d’API n’existe pas.',
  conflict: 'Conflit avec l’état actuel de la ressource.',
  tooManyAttempts: 'Trop de tentatives. Réessayez dans 15 minutes.',
  loginFailed: 'Identifiant ou mot de passe incorrect.',
  accountInactive: 'Ce compte est désactivé. Contactez votre administrateur.',
  sessionExpired: 'Votre session a expiré. Reconnectez-vous.',
  organisationInactive: 'Votre organisation est désactivée. Contactez le support WellBe.',
  internal: 'Une erreur interne est survenue. Réessayez plus tard.',
  payloadTooLarge: 'Le fichier dépasse la taille maximale autorisée (50 Mo).',
  requestTooLarge: 'La requête est trop volumineuse (1 Mo au plus hors fichiers).',
  unavailable: 'Service momentanément indisponible.',
  serverStopping: 'Le serveur redémarre : réessayez dans un instant.',
  emailTaken: 'Cette adresse email est déjà utilisée.',
  usernameTaken: 'Ce nom d’utilisateur est déjà utilisé.',
} as const;
