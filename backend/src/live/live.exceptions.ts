import { HttpException, HttpStatus } from '@nestjs/common';

/** A member already holds as many live streams as one may (too many tabs open). */
export class TooManyLiveStreamsException extends HttpException {
  constructor(limit: number) {
    super(
      `Live updates are open in ${limit} tabs or windows already: close one, or reload to see changes in this one`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
