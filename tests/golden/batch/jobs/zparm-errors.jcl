//USER1ZE  JOB (ACCT),'ZPARM ERRORS',CLASS=A,MSGCLASS=K
//*  What the assembler and the binder refuse: a macro that is not a
//*  system parameter macro, a keyword the macro does not have, a value
//*  out of range; a binder step with nothing to bind.
//ASM      EXEC PGM=ASMA90,PARM='DECK,NOOBJECT'
//SYSLIB   DD DSN=MQ940.SCSQMACS,DISP=SHR
//SYSPUNCH DD DSN=&&SYSP,UNIT=SYSDA,DISP=(,PASS),SPACE=(400,(10,10))
//SYSPRINT DD SYSOUT=*
//SYSIN    DD *
* A CSQ6SYSP with a misspelt keyword and a value out of range
         CSQ6SYSP LOGLOAD=100,         LOG RECORDS BETWEEN CHECKPOINTS X
               STATMIE=30            STATISTICS INTERVAL
         CSQ6XXXX A=1
         END
/*
//LKED     EXEC PGM=IEWL
//SYSLMOD  DD DSN=USER1.ZE.LOADLIB,DISP=(NEW,CATLG),SPACE=(TRK,(1,1,1))
//SYSPRINT DD SYSOUT=*
//SYSLIN   DD *
 ENTRY CSQZMSTR
/*
