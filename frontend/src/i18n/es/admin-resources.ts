import type {
  ADMIN_RESOURCES_TEXTS as EN_ADMIN_RESOURCES_TEXTS,
  deletedDescription as enDeletedDescription,
  sharingDescription as enSharingDescription,
  statusDescription as enStatusDescription,
  updatedDescription as enUpdatedDescription,
  uploadedDescription as enUploadedDescription,
} from '../../broker-app/backoffice/resources/texts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the back office's resource management (`broker-app/backoffice/resources/texts.ts`). */
export const ADMIN_RESOURCES_TEXTS: Translation<typeof EN_ADMIN_RESOURCES_TEXTS> = {
  title: 'Gestión de recursos',
  subtitle: 'Suba y administre los archivos que los agentes usan con sus clientes',
  upload: 'Subir recurso',

  // Search
  searchLabel: 'Buscar recursos',
  searchPlaceholder: 'Título o descripción',
  noMatchTitle: 'No se encontraron recursos',
  noMatch: 'Ningún recurso tiene estas palabras en su título o descripción. Pruebe con otras palabras o borre la búsqueda.',
  clearSearch: 'Borrar búsqueda',

  // Table
  tableLabel: 'Recursos',
  type: 'Tipo',
  titleColumn: 'Título',
  category: 'Categoría',
  size: 'Tamaño',
  downloads: 'Descargas',
  status: 'Estado',
  publicLink: 'Enlace público',
  uploadedColumn: 'Fecha de carga',
  actions: 'Acciones',
  active: 'Activo',
  inactive: 'Inactivo',
  copyLink: 'Copiar enlace',
  copied: 'Copiado',
  private: 'Privado',
  publicLinkHint: 'Cualquier persona con este enlace puede descargar el archivo sin iniciar sesión',
  inactiveLinkHint: 'El enlace responde “no encontrado” hasta que el recurso vuelva a estar activo',
  summary: (total: number, active: number, shared: number) =>
    `${total} ${total === 1 ? 'recurso' : 'recursos'} · ${active} ${active === 1 ? 'activo' : 'activos'} · ${shared} ${shared === 1 ? 'público' : 'públicos'}`,
  empty: 'Aún no se han subido recursos',
  emptyHint: 'Suba archivos PDF, documentos de Word, imágenes o videos para que sus agentes los usen con sus clientes.',

  // Row actions
  rowActions: (title: string) => `Acciones para ${title}`,
  edit: 'Editar',
  activate: 'Activar',
  deactivate: 'Desactivar',
  makePublic: 'Hacer público',
  makePrivate: 'Hacer privado',
  delete: 'Eliminar',

  // Upload and edit dialogs
  uploadTitle: 'Subir recurso',
  editTitle: 'Editar recurso',
  fileLabel: 'Archivo',
  chooseFile: 'Elegir archivo',
  noFileChosen: 'No se eligió ningún archivo',
  acceptedFiles: 'Archivos PDF, Word, Excel o PowerPoint, imágenes (PNG, JPEG, WebP, GIF) o videos (MP4, WebM).',
  titleLabel: 'Título',
  descriptionLabel: 'Descripción',
  categoryLabel: 'Categoría',
  required: 'Seleccione un archivo e ingrese un título',
  uploadProgress: 'Progreso de la carga',
  uploading: (percent: number) => `Subiendo… ${percent}%`,
  saving: 'Guardando…',
  cancel: 'Cancelar',
  save: 'Guardar cambios',
  uploadButton: 'Subir',

  // Delete
  deleteTitle: 'Eliminar recurso',
  deleteConfirm: '¿Está seguro de que desea eliminar este recurso?',
  deleteNote: 'El archivo se elimina de forma definitiva; los agentes y los enlaces públicos dejan de tenerlo de inmediato.',

  // Toasts
  uploadSucceeded: 'Recurso subido correctamente',
  uploadFailed: 'No se pudo subir el recurso',
  updated: 'Recurso actualizado correctamente',
  updateFailed: 'No se pudo actualizar el recurso',
  statusUpdated: 'Estado del recurso actualizado',
  statusFailed: 'No se pudo actualizar el estado',
  sharingUpdated: 'Uso compartido del recurso actualizado',
  sharingFailed: 'No se pudo actualizar el uso compartido',
  deleted: 'Recurso eliminado correctamente',
  deleteFailed: 'No se pudo eliminar el recurso',
  copiedToast: '¡Copiado!',
  copiedDescription: 'El enlace público de descarga está en su portapapeles.',
  copyFailed: 'No se pudo copiar el enlace',
};

export const statusDescription: Translation<typeof enStatusDescription> = (title: string, isActive: boolean) =>
  isActive ? `“${title}” vuelve a estar visible para los agentes.` : `“${title}” está oculto para los agentes.`;

export const sharingDescription: Translation<typeof enSharingDescription> = (title: string, isPublic: boolean) =>
  isPublic ? `Ahora “${title}” se puede descargar con su enlace público.` : `“${title}” es privado: su enlace público ya no funciona.`;

export const uploadedDescription: Translation<typeof enUploadedDescription> = (title: string) => `“${title}” ya está en la biblioteca.`;

export const updatedDescription: Translation<typeof enUpdatedDescription> = (title: string) => `Se guardó “${title}”.`;

export const deletedDescription: Translation<typeof enDeletedDescription> = (title: string) => `Se eliminó “${title}” de la biblioteca.`;
