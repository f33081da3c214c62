//USER1ZP  JOB (ACCT),'SYSTEM PARAMETERS',CLASS=A,MSGCLASS=K
//*
//*  Assemble and link a system parameter module for QMZ1, as IBM's
//*  sample thlqual.SCSQPROC(CSQ4ZPRM) does: one ASMA90 step per
//*  macro, each writing its object deck to a temporary data set,
//*  then the binder (IEWL) puts them together with the default
//*  module CSQZPARM into the load library.  Start the queue
//*  manager with it: START QMGR PARM(QMZ1PARM).
//*
//*  The first step allocates the load library (a partitioned data
//*  set: directory blocks in SPACE); run it once.
//*
//ALLOC    EXEC PGM=IEFBR14
//LOADLIB  DD DSN=USER1.MQ.LOADLIB,DISP=(MOD,CATLG),
//            SPACE=(TRK,(15,15,10)),UNIT=SYSDA
//*
//LOGP     EXEC PGM=ASMA90,PARM='DECK,NOOBJECT,LIST,XREF(SHORT)',
//            REGION=4M
//SYSLIB   DD DSN=MQ940.SCSQMACS,DISP=SHR
//         DD DSN=SYS1.MACLIB,DISP=SHR
//SYSUT1   DD UNIT=SYSDA,SPACE=(CYL,(1,1))
//SYSPUNCH DD DSN=&&LOGP,UNIT=SYSDA,DISP=(,PASS),
//            SPACE=(400,(100,100,1))
//SYSPRINT DD SYSOUT=*
//SYSIN    DD *
         CSQ6LOGP INBUFF=60,         INPUT BUFFER (KB)                 X
               OUTBUFF=4000,         OUTPUT BUFFER (KB)                X
               MAXRTU=2,             ARCHIVE READ TAPE UNITS           X
               DEALLCT=0,            TAPE DEALLOCATION (MINUTES)       X
               OFFLOAD=YES,          ARCHIVE THE ACTIVE LOGS           X
               MAXARCH=500,          ARCHIVE VOLUMES IN THE BSDS       X
               TWOACTV=YES,          DUAL ACTIVE LOGS                  X
               TWOARCH=YES,          DUAL ARCHIVE LOGS                 X
               TWOBSDS=YES,          DUAL BSDS                         X
               COMPLOG=NONE,         NO LOG COMPRESSION                X
               WRTHRSH=20,           BUFFERS BEFORE A WRITE            X
               ZHYWRITE=NO           NO ZHYPERWRITE
         END
/*
//ARVP     EXEC PGM=ASMA90,COND=(0,NE),
//            PARM='DECK,NOOBJECT,LIST,XREF(SHORT)',REGION=4M
//SYSLIB   DD DSN=MQ940.SCSQMACS,DISP=SHR
//         DD DSN=SYS1.MACLIB,DISP=SHR
//SYSUT1   DD UNIT=SYSDA,SPACE=(CYL,(1,1))
//SYSPUNCH DD DSN=&&ARVP,UNIT=SYSDA,DISP=(,PASS),
//            SPACE=(400,(100,100,1))
//SYSPRINT DD SYSOUT=*
//SYSIN    DD *
         CSQ6ARVP ALCUNIT=BLK,       SPACE IN BLOCKS                   X
               ARCPFX1=QMZ1.ARC1,    FIRST ARCHIVE PREFIX              X
               ARCPFX2=QMZ1.ARC2,    SECOND ARCHIVE PREFIX             X
               ARCRETN=30,           KEEP ARCHIVES 30 DAYS             X
               ARCWRTC=(1,3,4),      ROUTE CODES                       X
               ARCWTOR=NO,           NO MOUNT PROMPT (DASD)            X
               CATALOG=YES,          CATALOG THE ARCHIVES              X
               COMPACT=NO,           NOT COMPRESSED                    X
               QUIESCE=5,            ARCHIVE LOG QUIESCE (SECONDS)     X
               TSTAMP=YES,           DATE AND TIME IN THE NAMES        X
               UNIT=SYSDA            ARCHIVES ON DASD
         END
/*
//SYSP     EXEC PGM=ASMA90,COND=(0,NE),
//            PARM='DECK,NOOBJECT,LIST,XREF(SHORT)',REGION=4M
//SYSLIB   DD DSN=MQ940.SCSQMACS,DISP=SHR
//         DD DSN=SYS1.MACLIB,DISP=SHR
//SYSUT1   DD UNIT=SYSDA,SPACE=(CYL,(1,1))
//SYSPUNCH DD DSN=&&SYSP,UNIT=SYSDA,DISP=(,PASS),
//            SPACE=(400,(100,100,1))
//SYSPRINT DD SYSOUT=*
//SYSIN    DD *
         CSQ6SYSP CMDUSER=CSQOPR,    COMMAND SECURITY USER             X
               EXCLMSG=(),           NO MESSAGES EXCLUDED              X
               LOGLOAD=500000,       LOG RECORDS BETWEEN CHECKPOINTS   X
               QMCCSID=0,            THE SYSTEM CCSID                  X
               SMFACCT=NO,           NO ACCOUNTING AT START-UP         X
               SMFSTAT=YES,          STATISTICS AT START-UP            X
               STATIME=30,           STATISTICS EVERY 30 MINUTES       X
               TRACSTR=YES,          GLOBAL TRACE AT START-UP          X
               TRACTBL=99            TRACE TABLE (4 KB BLOCKS)
         END
/*
//LKED     EXEC PGM=IEWL,COND=(4,LT),
//     PARM='SIZE=(900K,124K),RENT,NCAL,LIST,AMODE=31,RMODE=ANY'
//SYSLMOD  DD DSN=USER1.MQ.LOADLIB,DISP=SHR
//SYSUT1   DD UNIT=SYSDA,SPACE=(1024,(200,20))
//SYSPRINT DD SYSOUT=*
//ARVP     DD DSN=&&ARVP,DISP=(OLD,DELETE)
//LOGP     DD DSN=&&LOGP,DISP=(OLD,DELETE)
//SYSP     DD DSN=&&SYSP,DISP=(OLD,DELETE)
//OLDLOAD  DD DSN=MQ940.SCSQAUTH,DISP=SHR
//SYSLIN   DD *
   INCLUDE SYSP
   INCLUDE ARVP
   INCLUDE LOGP
   INCLUDE OLDLOAD(CSQZPARM)
 ENTRY CSQZMSTR
 NAME QMZ1PARM(R)
/*
