import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength } from 'class-validator';

/** A platform admin, as the Admins page lists them. */
export class PlatformAdminDto {
  @ApiProperty({ format: 'uuid', example: '5b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e' }) id!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Jordan' }) firstName!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Reyes' }) lastName!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'jordan.reyes@carekeep.example' }) email!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-25T14:02:00.000Z' }) lastSignInAt!: string | null;
  @ApiProperty({ example: false, description: 'The signed-in admin: their own access cannot be removed here' }) isYou!: boolean;
}

export class GrantAdminDto {
  @ApiProperty({ example: 'jordan.reyes@carekeep.example', description: 'Someone who has signed in once' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'email must be text' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  @IsEmail({}, { message: 'Enter an e-mail address such as name@agency.com' })
  email!: string;
}
