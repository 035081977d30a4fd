import * as nodeZlib from 'node:zlib';

export const zlib = nodeZlib as typeof nodeZlib & { crc32(data: Buffer): number };
