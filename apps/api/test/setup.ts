import 'reflect-metadata';
import { afterAll } from 'vitest';
import { closeTestSql } from './sql';

afterAll(closeTestSql);
