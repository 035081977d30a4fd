// @nestjs/throttler is CommonJS and require()s @nestjs/common and @nestjs/core, which are ES
// modules. Node loads that; Jest's ESM runtime refuses a require() of an ES module that is still
// being loaded in the same import graph, so they are loaded before each test file.
import '@nestjs/common';
import '@nestjs/core';
