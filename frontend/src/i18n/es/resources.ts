import type {
  CATEGORY_LABELS as EN_CATEGORY_LABELS,
  downloadStartedDescription as enDownloadStartedDescription,
  FILE_KIND_NAMES as EN_FILE_KIND_NAMES,
  RESOURCES_TEXTS as EN_RESOURCES_TEXTS,
} from '../../broker-app/resources/texts.ts';
import type { Translation } from '../translation.ts';

/** Spanish of the broker Resources page (`broker-app/resources/texts.ts`). */
export const RESOURCES_TEXTS: Translation<typeof EN_RESOURCES_TEXTS> = {
  loadingResources: 'Cargando recursos',
  title: 'Recursos',
  subtitle: 'Materiales de capacitación, guiones de venta, plantillas y documentos de cumplimiento compartidos con su agencia',
  searchLabel: 'Buscar recursos',
  searchPlaceholder: 'Buscar por título o descripción...',
  categoryLabel: 'Categoría',
  allCategories: 'Todas',
  download: 'Descargar',
  emptyTitle: 'No se encontraron recursos',
  emptyFiltered: 'Intente ajustar sus filtros',
  emptyNone: 'Todavía no se ha subido ningún recurso',
  clearFilters: 'Borrar filtros',
  fetchFailed: 'No se pudieron obtener los recursos',
  retry: 'Intentar de nuevo',
  downloadFailed: 'No se pudo descargar el recurso',
  downloadStarted: 'Descarga iniciada',
  uploaded: 'Subido',
};

/** Category labels (the order of the groups is the English file's `CATEGORY_ORDER`). */
export const CATEGORY_LABELS: Translation<typeof EN_CATEGORY_LABELS> = {
  general: 'General',
  training: 'Materiales de capacitación',
  scripts: 'Guiones de venta',
  templates: 'Plantillas',
  compliance: 'Cumplimiento',
  marketing: 'Marketing',
};

export const downloadStartedDescription: Translation<typeof enDownloadStartedDescription> = (title: string) =>
  `"${title}" se está descargando en una pestaña nueva.`;

/** Spanish of the kinds of file. */
export const FILE_KIND_NAMES: Translation<typeof EN_FILE_KIND_NAMES> = {
  pdf: 'Archivo PDF',
  document: 'Documento de Word',
  spreadsheet: 'Hoja de cálculo de Excel',
  presentation: 'Presentación de PowerPoint',
  image: 'Imagen',
  video: 'Video',
  other: 'Archivo',
};
