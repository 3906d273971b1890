#!/usr/bin/env node
'use strict';
require('../dist/shimctl.cjs');
