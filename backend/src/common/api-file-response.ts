import { applyDecorators } from '@nestjs/common';
import { ApiProduces, ApiResponse } from '@nestjs/swagger';

export interface ApiFileOptions {
  /** The media type of the answer (`*\/*` when each file keeps its own). */
  mediaType: string;
  description: string;
  /** The attachment's name as Content-Disposition gives it; without one, the file is shown inline. */
  filename?: string;
  /** For a text file, what it starts with. */
  text?: string;
  status?: number;
}

/** Documents an answer that is a file, not JSON: its media type, its body and Content-Disposition. */
export function ApiFileResponse(options: ApiFileOptions): MethodDecorator {
  const schema = options.text === undefined ? { type: 'string', format: 'binary' } : { type: 'string', example: options.text };
  return applyDecorators(
    ApiProduces(options.mediaType),
    ApiResponse({
      status: options.status ?? 200,
      description: options.description,
      schema,
      headers: options.filename
        ? {
            'Content-Disposition': {
              description: 'Download as an attachment, under this name',
              schema: { type: 'string', example: `attachment; filename="${options.filename}"` },
            },
          }
        : undefined,
    }),
  );
}
