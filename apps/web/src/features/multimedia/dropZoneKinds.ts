import {
  ALBUM_MIME_TYPES,
  MAX_FILES_PER_DROP,
  MEDIA_TYPE_RULES,
  TEMPLATE_MEDIA_MIME_TYPES,
} from '@crm/shared';

/** 01 §2.9: a media drop zone is labelled per type; 'media' is the album's, which takes every type. */
export type MediaDropKind = 'media' | 'image' | 'video' | 'document' | 'template';

export interface MediaDropCopy {
  /** The zone's main line. */
  title: string;
  /** Which files it takes. */
  hint: string;
  /** The accessible name of the zone's button. */
  ariaLabel: string;
  /** The types it takes, checked on the file's bytes. */
  mimeTypes: readonly string[];
}

const PER_DROP = `Hasta ${MAX_FILES_PER_DROP} archivos a la vez.`;

function mimeTypesOf(mediaType: 'image' | 'video' | 'document'): readonly string[] {
  return MEDIA_TYPE_RULES.filter((rule) => rule.mediaType === mediaType).map((rule) => rule.mimeType);
}

const COPY: Record<MediaDropKind, MediaDropCopy> = {
  media: {
    title: 'Arrastra imágenes, videos o documentos aquí o haz clic para elegirlos',
    hint: `Imágenes (JPG, PNG), videos (MP4, 3GP, hasta 15 MB) y documentos (PDF, Word, Excel, PowerPoint, CSV, TXT, ZIP, RAR, 7Z) de hasta 100 MB. ${PER_DROP}`,
    ariaLabel: 'Agregar archivos al álbum',
    mimeTypes: ALBUM_MIME_TYPES,
  },
  image: {
    title: 'Arrastra imágenes aquí o haz clic para elegirlas',
    hint: `Imágenes JPG o PNG de hasta 100 MB. ${PER_DROP}`,
    ariaLabel: 'Agregar imágenes',
    mimeTypes: mimeTypesOf('image'),
  },
  video: {
    title: 'Arrastra videos aquí o haz clic para elegirlos',
    hint: `Videos MP4 o 3GP de hasta 15 MB. ${PER_DROP}`,
    ariaLabel: 'Agregar videos',
    mimeTypes: mimeTypesOf('video'),
  },
  document: {
    title: 'Arrastra documentos aquí o haz clic para elegirlos',
    hint: `Documentos PDF, Word, Excel, PowerPoint, CSV, TXT, ZIP, RAR o 7Z de hasta 100 MB. ${PER_DROP}`,
    ariaLabel: 'Agregar documentos',
    mimeTypes: mimeTypesOf('document'),
  },
  // 02 §5: template media accepts images, pdf and mp4.
  template: {
    title: 'Arrastra el archivo de la plantilla aquí o haz clic para elegirlo',
    hint: `Imagen (JPG, PNG), PDF o video MP4 para el encabezado de la plantilla. ${PER_DROP}`,
    ariaLabel: 'Agregar archivo de la plantilla',
    mimeTypes: TEMPLATE_MEDIA_MIME_TYPES,
  },
};

export function mediaDropCopy(kind: MediaDropKind): MediaDropCopy {
  return COPY[kind];
}

/** The file picker's accept list: the extensions of the types the zone takes. */
export function acceptAttribute(mimeTypes: readonly string[]): string {
  const extensions = MEDIA_TYPE_RULES.filter((rule) => mimeTypes.includes(rule.mimeType)).flatMap(
    (rule) => rule.extensions,
  );
  return [...new Set(extensions)].join(',');
}
